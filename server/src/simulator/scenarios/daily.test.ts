import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

// The small daily scenarios: each loads through the reset call and shows its state to its persona.
const t = useTestApp();

const load = async (scenario: string) => {
  const response = await t.call('POST', '/api/v1/sim/reset', 'admin@example.com', { scenario });
  expect(response.statusCode).toBe(204);
};
const me = async (who: string) => (await t.call('GET', '/api/v1/users/me', who)).json();

describe('daily scenarios', () => {
  it('pending-invitations: three companies wait for the decision of owner@', async () => {
    await load('pending-invitations');
    const pending = (await t.call('GET', '/api/v1/invitations/claimed/PENDING', 'owner@example.com')).json();
    expect(pending.map((invitation: { id: string }) => invitation.id)).toEqual(
      expect.arrayContaining(['inv-daily-pending-1', 'inv-daily-pending-2', 'inv-daily-pending-3']),
    );
  });

  it('company-awaiting-approval and company-rejected: the registration state of fleet@', async () => {
    await load('company-awaiting-approval');
    expect((await me('fleet@example.com')).agentStatus).toBe('pending');
    await load('company-rejected');
    expect((await me('fleet@example.com')).agentStatus).toBe('rejected');
    await load('demo');
    expect((await me('fleet@example.com')).agentStatus).toBe('active');
  });

  it('sharing-suspended: the sharing of owner@ with fleet@ is paused by the admin', async () => {
    await load('sharing-suspended');
    const sharings = (await t.call('GET', '/api/v1/admin/sharings', 'admin@example.com')).json();
    const sharing = sharings.find((entry: { id: string }) => entry.id === 'inv-owner-accepted');
    const resumed = await t.call(
      'PUT',
      '/api/v1/admin/sharings/inv-owner-accepted/resume',
      'admin@example.com',
    );
    expect([sharing?.status, resumed.statusCode]).not.toContain(undefined);
    expect(resumed.statusCode).toBe(200);
  });

  it('export-running: owner@ has a running export', async () => {
    await load('export-running');
    const jobs = (await t.call('GET', '/api/v1/products/download/jobs', 'owner@example.com')).json();
    expect(jobs.filter((job: { status: string }) => job.status === 'RUNNING')).toHaveLength(1);
  });

  it('terms-changed: every owner must accept the new terms, terms@ included', async () => {
    await load('terms-changed');
    expect((await me('owner@example.com')).termsToAccept).toBe('daily-new');
    expect((await me('second@example.com')).termsToAccept).toBe('daily-new');
  });
});
