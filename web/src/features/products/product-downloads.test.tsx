import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { owner, vehicle, wallbox } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { answerJobs, answerProducts, downloadIn, findCard, job } from './products-test-helpers.ts';

const allButton = () => screen.getByRole('button', { name: 'Download data' });

describe('downloads', () => {
  it('disables a product download while its collection is off, and download-all when none is on', async () => {
    answerProducts({ vehicles: [{ ...vehicle, dataCollectionEnabled: false }], wallboxes: [wallbox] });
    renderApp('/products', { user: owner });
    expect(downloadIn(await findCard('ID.4 Pro'))).toBeDisabled();
    expect(downloadIn(await findCard('Garage charger'))).toBeDisabled();
    expect(allButton()).toBeDisabled();
  });

  it('starts a product download (NORMAL), then shows it as running with its message', async () => {
    let jobs = [job({ id: 'old', type: 'PRODUCT', relatedId: wallbox.id, status: 'COMPLETED' })];
    answerJobs(() => jobs);
    server.use(
      http.post('/api/v1/products/{id}/download', ({ params, response }) => {
        const created = job({ id: 'job_new', type: 'PRODUCT', relatedId: params.id, status: 'CREATED' });
        jobs = [created, ...jobs];
        return response(201).json(created);
      }),
    );
    const { user } = renderApp('/products', { user: owner });
    const card = await findCard('ID.4 Pro');
    const button = downloadIn(card);
    expect(button).toHaveAttribute('data-state', 'NORMAL');
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(downloadIn(card)).toHaveAttribute('data-state', 'RUNNING'));
    expect(downloadIn(card)).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByRole('status')).toHaveTextContent('Your data are getting prepared');
  });

  it('shows RUNNING and COMPLETED job messages; a completed click downloads the zip link', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    answerProducts({ vehicles: [vehicle], wallboxes: [{ ...wallbox, dataCollectionEnabled: true }] });
    answerJobs([
      job({ id: 'job_v', type: 'PRODUCT', relatedId: vehicle.id, status: 'COMPLETED' }),
      job({ id: 'job_w', type: 'PRODUCT', relatedId: wallbox.id, status: 'RUNNING' }),
    ]);
    server.use(
      http.get('/api/v1/products/download/jobs/{jobId}/link', ({ params, response }) =>
        response(200).json({ link: `/api/v1/exports/token-${params.jobId}` }),
      ),
    );
    const { user } = renderApp('/products', { user: owner });
    const charger = await findCard('Garage charger');
    await waitFor(() => expect(within(charger).getByRole('status')).toHaveTextContent('Preparing files...'));
    expect(downloadIn(charger)).toBeDisabled();
    const car = await findCard('ID.4 Pro');
    expect(within(car).getByRole('status')).toHaveTextContent('Files are ready for download');
    expect(downloadIn(car)).toHaveClass('ui-icon-button--highlighted');
    await user.click(downloadIn(car));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/exports/token-job_v'));
  });

  describe('download-all follows only a PRODUCTS job for exactly the enabled products', () => {
    const enabled = { vehicles: [vehicle], wallboxes: [{ ...wallbox, dataCollectionEnabled: true }] };
    const both = { vehicles: [{ id: vehicle.id }], wallboxes: [{ id: wallbox.id }] };
    it.each([
      ['the same set (in another order)', null, both, 'COMPLETED'],
      ['a subset', null, { vehicles: [{ id: vehicle.id }], wallboxes: [] }, 'NORMAL'],
      ['a superset', null, { ...both, vehicles: [{ id: vehicle.id }, { id: 'prd_other' }] }, 'NORMAL'],
      ['the same set but a relatedId', 'prd_x', both, 'NORMAL'],
    ] as const)('%s', async (_name, relatedId, exportRequest, expected) => {
      answerProducts(enabled);
      answerJobs([
        job({
          id: 'job_all',
          type: 'PRODUCTS',
          relatedId,
          status: 'COMPLETED',
          exportRequest: {
            vehicles: [...exportRequest.vehicles].reverse(),
            wallboxes: [...exportRequest.wallboxes],
          },
        }),
      ]);
      renderApp('/products', { user: owner });
      await findCard('ID.4 Pro');
      await waitFor(() => expect(allButton()).toHaveAttribute('data-state', expected));
      expect(allButton()).toBeEnabled();
    });

    it('is RUNNING with a spinner while the matching job runs', async () => {
      answerProducts(enabled);
      answerJobs([job({ id: 'job_all', status: 'CREATED', exportRequest: both })]);
      renderApp('/products', { user: owner });
      await waitFor(() => expect(allButton()).toHaveAttribute('data-state', 'RUNNING'));
      expect(allButton()).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByText('Your data are getting prepared')).toBeInTheDocument();
    });
  });

  it('starts a download of all products', async () => {
    let jobs: ReturnType<typeof job>[] = [];
    answerJobs(() => jobs);
    server.use(
      http.post('/api/v1/products/download', ({ response }) => {
        const created = job({
          id: 'j',
          status: 'CREATED',
          exportRequest: { vehicles: [{ id: vehicle.id }], wallboxes: [] },
        });
        jobs = [created];
        return response(201).json(created);
      }),
    );
    const { user } = renderApp('/products', { user: owner });
    await findCard('ID.4 Pro');
    expect(allButton()).toHaveAttribute('data-state', 'NORMAL');
    await user.click(allButton());
    await waitFor(() => expect(allButton()).toHaveAttribute('data-state', 'RUNNING'));
    expect(jobs).toHaveLength(1);
  });

  it.each([
    [
      'a product download refused with COLLECTION_DISABLED',
      'product',
      409,
      'COLLECTION_DISABLED',
      "Downloading data isn't available at this moment!",
    ],
    [
      'download-all refused with NO_PRODUCTS_ENABLED',
      'all',
      409,
      'NO_PRODUCTS_ENABLED',
      "Downloading data isn't available at this moment!",
    ],
    [
      'a product download failing',
      'product',
      500,
      'INTERNAL_ERROR',
      "Couldn't download files due to some error. Try again later",
    ],
    [
      'a link that is not ready',
      'link',
      409,
      'JOB_NOT_READY',
      "Downloading data isn't available at this moment!",
    ],
    [
      'a link failing',
      'link',
      500,
      'INTERNAL_ERROR',
      "Couldn't download files due to some error. Try again later",
    ],
  ] as const)('reports %s', async (_name, call, status, code, message) => {
    server.use(
      http.post('/api/v1/products/{id}/download', ({ response }) => response(status).json(errorBody(code))),
      http.post('/api/v1/products/download', ({ response }) => response(status).json(errorBody(code))),
      http.get('/api/v1/products/download/jobs/{jobId}/link', ({ response }) =>
        response(status).json(errorBody(code)),
      ),
    );
    if (call === 'link')
      answerJobs([job({ id: 'j1', type: 'PRODUCT', relatedId: vehicle.id, status: 'COMPLETED' })]);
    const { user } = renderApp('/products', { user: owner });
    const card = await findCard('ID.4 Pro');
    if (call === 'link')
      await waitFor(() => expect(downloadIn(card)).toHaveAttribute('data-state', 'COMPLETED'));
    await user.click(call === 'all' ? allButton() : downloadIn(card));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('reports a failed job list', async () => {
    server.use(
      http.get('/api/v1/products/download/jobs', ({ response }) =>
        response(500).json(errorBody('INTERNAL_ERROR')),
      ),
    );
    renderApp('/products', { user: owner });
    expect(
      await screen.findByText("Couldn't get the status of your downloads. Try again later"),
    ).toBeInTheDocument();
  });
});
