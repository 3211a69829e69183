import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { owner, vehicle, wallbox } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { answerGate, errorBody, http, server } from '../../test/server.ts';
import { answerJobs, findCard, job, toggleIn } from './products-test-helpers.ts';

/**
 * Answers the toggle call; with `held`, only once the test calls `release()`, so what the screen shows
 * while the request runs is asserted however slowly the machine runs (no timed window).
 */
function answerToggle(status: 200 | 500, { held = false } = {}) {
  const calls: string[] = [];
  const gate = answerGate();
  if (!held) gate.open();
  server.use(
    http.post('/api/v1/products/{id}/collect/{action}', async ({ params, response }) => {
      calls.push(`${params.id}/${params.action}`);
      await gate.opened;
      if (status === 500) return response(500).json(errorBody('INTERNAL_ERROR'));
      const source = params.id === vehicle.id ? vehicle : wallbox;
      return response(200).json({ ...source, dataCollectionEnabled: params.action === 'ENABLE' });
    }),
  );
  return { calls, release: gate.open };
}

describe('data collection toggle', () => {
  it('asks for confirmation first; Cancel changes nothing', async () => {
    const { calls } = answerToggle(200);
    const { user } = renderApp('/products', { user: owner });
    const toggle = toggleIn(await findCard('Garage charger'));
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Enable data sharing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).not.toBeChecked();
    expect(calls).toEqual([]);
  });

  it('enables optimistically, shows progress and locks every toggle while the request runs', async () => {
    const { calls, release } = answerToggle(200, { held: true });
    const { user } = renderApp('/products', { user: owner });
    const card = await findCard('Garage charger');
    await user.click(toggleIn(card));
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(toggleIn(card)).toBeChecked());
    expect(
      await within(card).findByText('Enabling data export. This can take a while...'),
    ).toBeInTheDocument();
    expect(toggleIn(card)).toBeDisabled();
    expect(toggleIn(await findCard('ID.4 Pro'))).toBeDisabled();
    // Every control of the card waits: no download of a collection that is not enabled yet.
    const download = within(card).getByRole('button', { name: 'Download data of Garage charger' });
    expect(download).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download data' })).toBeDisabled();
    release();
    expect(await screen.findByText('Action was succesful')).toBeInTheDocument();
    await waitFor(() => expect(download).toBeEnabled());
    expect(calls).toEqual(['prd_wallbox_1/ENABLE']);
    expect(toggleIn(card)).toBeChecked();
    await waitFor(() => expect(toggleIn(card)).toBeEnabled());
    expect(within(card).queryByText(/This can take a while/)).not.toBeInTheDocument();
  });

  it('rolls back and names the action when enabling fails', async () => {
    const { release } = answerToggle(500, { held: true });
    const { user } = renderApp('/products', { user: owner });
    const card = await findCard('Garage charger');
    await user.click(toggleIn(card));
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(toggleIn(card)).toBeChecked());
    release();
    expect(await screen.findByText("Couldn't enable data sharing! Try again later..")).toBeInTheDocument();
    expect(toggleIn(card)).not.toBeChecked();
    expect(screen.queryByText('Action was succesful')).not.toBeInTheDocument();
  });

  it('asks before disabling and rolls back a failed disable', async () => {
    answerToggle(500);
    const { user } = renderApp('/products', { user: owner });
    const card = await findCard('ID.4 Pro');
    await user.click(toggleIn(card));
    const dialog = await screen.findByRole('dialog', { name: 'Disable data sharing?' });
    expect(dialog).toHaveTextContent('No new data will be collected for ID.4 Pro');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText("Couldn't disable data sharing! Try again later..")).toBeInTheDocument();
    expect(toggleIn(card)).toBeChecked();
  });

  it.each(['CREATED', 'RUNNING'] as const)('is locked while a download job is %s', async (status) => {
    answerJobs([
      job({ id: 'job_1', status, exportRequest: { vehicles: [{ id: vehicle.id }], wallboxes: [] } }),
    ]);
    renderApp('/products', { user: owner });
    const card = await findCard('Garage charger');
    await waitFor(() => expect(toggleIn(card)).toBeDisabled());
    expect(toggleIn(card)).toHaveAccessibleDescription(
      "Garage charger Data export can't be changed while your data are being prepared.",
    );
  });

  it.each(['COMPLETED', 'FAILED'] as const)('is not locked by a %s job', async (status) => {
    let served = 0;
    answerJobs(() => {
      served += 1;
      return [job({ id: 'job_1', status })];
    });
    renderApp('/products', { user: owner });
    const card = await findCard('Garage charger');
    await waitFor(() => expect(served).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toggleIn(card)).toBeEnabled();
  });
});
