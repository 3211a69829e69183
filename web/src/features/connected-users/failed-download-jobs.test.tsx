import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { allUsers, inviteJob, type Job, jobsHandler, listHandler } from './connected-users-test-kit.ts';

const message = 'Preparing the data failed. Please start the download again.';

afterEach(() => {
  vi.useRealTimers();
});

describe('failed download jobs of a company', () => {
  it('records failed jobs silently on first load, then reports a job that fails afterwards', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let jobs: Job[] = [inviteJob('job_old', 'FAILED'), inviteJob('job_new', 'RUNNING')];
    const recorder = jobsHandler(() => jobs);
    server.use(listHandler(allUsers).handler, recorder.handler);
    renderApp('/users', { user: activeAgent });
    await screen.findByRole('button', { name: 'Preparing files...' });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(`portal.failedJobIds.${activeAgent.id}`) ?? '[]')).toEqual([
      'job_old',
    ]);

    jobs = [inviteJob('job_old', 'FAILED'), inviteJob('job_new', 'FAILED')];
    await act(() => vi.advanceTimersByTimeAsync(8000));
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
  });
});
