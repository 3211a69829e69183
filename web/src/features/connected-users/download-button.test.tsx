import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { activeAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { downloadStateFor } from './api/use-invitation-downloads.ts';
import {
  activeUser,
  allUsers,
  inviteJob,
  type Job,
  jobsHandler,
  listHandler,
} from './connected-users-test-kit.ts';

function downloadButton(name: string): HTMLElement {
  const card = screen.getByRole('heading', { name }).closest('li') as HTMLElement;
  return within(card).getByRole('button', { name: `Download data of ${name}` });
}

async function openPage(jobs: () => Job[]) {
  const recorder = jobsHandler(jobs);
  server.use(listHandler(allUsers).handler, recorder.handler);
  const app = renderApp('/users', { user: activeAgent });
  await screen.findByRole('heading', { name: 'Olga Owner' });
  return { ...app, jobCalls: recorder.calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connected user download button', () => {
  it('is disabled unless the connected user is active', async () => {
    await openPage(() => []);
    expect(downloadButton('Olga Owner')).toBeEnabled();
    for (const name of ['Peter Pending', 'Dora Declined', 'Rita Revoked'])
      expect(downloadButton(name)).toBeDisabled();
  });

  it('NORMAL: a click starts a download job for that invitation, then shows the spinner', async () => {
    let jobs: Job[] = [];
    const started: string[] = [];
    server.use(
      http.post('/api/v1/agents/invites/{invitationId}/download', ({ params, response }) => {
        started.push(params.invitationId);
        jobs = [inviteJob('job_1', 'CREATED')];
        return response(201).json(inviteJob('job_1', 'CREATED'));
      }),
    );
    const { user } = await openPage(() => jobs);
    const button = await screen.findByRole('button', { name: 'Download data of Olga Owner' });
    await user.click(button);
    expect(started).toEqual(['inv_active']);
    const running = await screen.findByRole('button', { name: 'Preparing files...' });
    expect(running).toHaveAttribute('aria-busy', 'true');
    expect(running).toBeDisabled();
  });

  it('RUNNING while an INVITE job of that invitation runs; polls every 8000 ms only while a job is active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let jobs: Job[] = [inviteJob('job_1', 'RUNNING')];
    const { jobCalls } = await openPage(() => jobs);
    expect(await screen.findByRole('button', { name: 'Preparing files...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const before = jobCalls();
    jobs = [inviteJob('job_1', 'COMPLETED')];
    await act(() => vi.advanceTimersByTimeAsync(8000));
    await waitFor(() => expect(jobCalls()).toBe(before + 1));
    const ready = await screen.findByRole('button', { name: 'Download the prepared data of Olga Owner' });
    expect(ready).toHaveClass('ui-icon-button--highlighted');
    await act(() => vi.advanceTimersByTimeAsync(24000));
    expect(jobCalls()).toBe(before + 1);
  });

  it('COMPLETED: a click fetches the zip link and downloads it', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get('/api/v1/products/download/jobs/{jobId}/link', ({ params, response }) =>
        response(200).json({ link: `/api/v1/exports/token-for-${params.jobId}` }),
      ),
    );
    const { user } = await openPage(() => [
      inviteJob('job_new', 'COMPLETED'),
      inviteJob('job_old', 'COMPLETED'),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Download the prepared data of Olga Owner' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/exports/token-for-job_new'));
  });

  it("says Couldn't download files when starting the job fails", async () => {
    server.use(
      http.post('/api/v1/agents/invites/{invitationId}/download', ({ response }) =>
        response(409).json(errorBody('SHARING_SUSPENDED')),
      ),
    );
    const { user } = await openPage(() => []);
    await user.click(await screen.findByRole('button', { name: 'Download data of Olga Owner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't download files due to some error. Try again later",
    );
    expect(screen.getByRole('button', { name: 'Download data of Olga Owner' })).toBeEnabled();
  });
});

describe('downloadStateFor', () => {
  it('looks only at INVITE jobs of that invitation; running wins over an older completed job', () => {
    const other = inviteJob('job_x', 'RUNNING', 'inv_other');
    const product: Job = { ...inviteJob('job_p', 'RUNNING'), type: 'PRODUCT' };
    expect(downloadStateFor(activeUser.invitationId, true, [other, product])).toEqual({ kind: 'normal' });
    expect(
      downloadStateFor(activeUser.invitationId, true, [
        inviteJob('j2', 'CREATED'),
        inviteJob('j1', 'COMPLETED'),
      ]),
    ).toEqual({ kind: 'running' });
    expect(
      downloadStateFor(activeUser.invitationId, true, [
        inviteJob('j2', 'FAILED'),
        inviteJob('j1', 'COMPLETED'),
      ]),
    ).toEqual({ kind: 'completed', jobId: 'j1' });
    expect(downloadStateFor(activeUser.invitationId, false, [inviteJob('j1', 'COMPLETED')])).toEqual({
      kind: 'disabled',
    });
  });
});
