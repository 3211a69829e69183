import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkFailedJobs } from '../../lib/download-jobs/failed-jobs.ts';
import { owner } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { downloadJobsQueryKey } from './api/use-download-jobs.ts';
import { answerJobs, findCard, job } from './products-test-helpers.ts';

const KEY = `portal.failedJobIds.${owner.id}`;
const FAILED_MESSAGE = 'Preparing your data failed. Please start the download again.';
const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as unknown;

describe('failed download jobs', () => {
  it('records the failed ids of the first load silently', async () => {
    answerJobs([job({ id: 'f1', status: 'FAILED' }), job({ id: 'ok', status: 'COMPLETED' })]);
    renderApp('/products', { user: owner });
    await findCard('ID.4 Pro');
    await waitFor(() => expect(stored()).toEqual(['f1']));
    expect(screen.queryByText(FAILED_MESSAGE)).not.toBeInTheDocument();
  });

  it('notifies when more failed jobs appear than were recorded (e.g. since the last visit), then records them', async () => {
    window.localStorage.setItem(KEY, JSON.stringify(['f1']));
    answerJobs([job({ id: 'f2', status: 'FAILED' }), job({ id: 'f1', status: 'FAILED' })]);
    renderApp('/products', { user: owner });
    expect(await screen.findByText(FAILED_MESSAGE)).toBeInTheDocument();
    expect(stored()).toEqual(['f2', 'f1']);
  });

  it('stays silent when the failed jobs are the recorded ones', async () => {
    window.localStorage.setItem(KEY, JSON.stringify(['f1']));
    let served = 0;
    answerJobs(() => {
      served += 1;
      return [job({ id: 'f1', status: 'FAILED' })];
    });
    renderApp('/products', { user: owner });
    await findCard('ID.4 Pro');
    await waitFor(() => expect(served).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(FAILED_MESSAGE)).not.toBeInTheDocument();
  });

  it('notifies when a job fails while the page is open', async () => {
    const { queryClient } = renderApp('/products', { user: owner });
    await findCard('ID.4 Pro');
    await waitFor(() => expect(stored()).toEqual([]));
    act(() => {
      queryClient.setQueryData(downloadJobsQueryKey, [job({ id: 'f9', status: 'FAILED' })]);
    });
    expect(await screen.findByText(FAILED_MESSAGE)).toBeInTheDocument();
    expect(stored()).toEqual(['f9']);
  });

  it('compares by id, so a failure replacing an older one still counts', () => {
    const jobs = [job({ id: 'new', status: 'FAILED' })];
    expect(checkFailedJobs(['old'], jobs)).toEqual({ notify: true, record: ['new'] });
    expect(checkFailedJobs(null, jobs)).toEqual({ notify: false, record: ['new'] });
    expect(checkFailedJobs(['new'], jobs)).toEqual({ notify: false, record: ['new'] });
  });
});
