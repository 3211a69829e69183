import type { Schemas } from '../../lib/api/types.ts';
import { http } from '../../test/server.ts';

export type Connected = Schemas['ConnectedInvitation'];
export type Job = Schemas['DownloadJob'];

/** A connected user whose invitation is `status` (id from `handle`, e-mail from the first name). */
function connectedUser(handle: string, fullName: string, status: Connected['status'], createdAt: string) {
  const email = `${fullName.split(' ')[0]?.toLowerCase()}@example.com`;
  const user: Connected = { invitationId: `inv_${handle}`, fullName, email, createdAt, status };
  return user;
}

export const activeUser = connectedUser('active', 'Olga Owner', 'ACCEPTED', '2025-03-01T10:00:00.000Z');
export const pendingUser = connectedUser('pending', 'Peter Pending', 'CLAIMED', '2025-03-14T09:30:00.000Z');
export const declinedUser = connectedUser(
  'declined',
  'Dora Declined',
  'DECLINED',
  '2025-02-02T09:30:00.000Z',
);
export const revokedUser = connectedUser(
  'revoked',
  'Rita Revoked',
  'REVOKED_AFTER_ACCEPTED',
  '2025-01-20T09:30:00.000Z',
);

export const allUsers = [activeUser, pendingUser, declinedUser, revokedUser];

export function inviteJob(id: string, status: Job['status'], relatedId = activeUser.invitationId): Job {
  return {
    id,
    relatedId,
    type: 'INVITE',
    status,
    exportRequest: { vehicles: [{ id: 'prd_vehicle_1' }], wallboxes: [] },
    createdAt: '2025-03-14T11:00:00.000Z',
    updatedAt: '2025-03-14T11:00:00.000Z',
  };
}

/** Answers the list with `users` and records the filters asked for. */
export function listHandler(users: Connected[] = allUsers) {
  const filters: string[] = [];
  const handler = http.get('/api/v1/agents/invitations/{filter}', ({ params, response }) => {
    filters.push(params.filter);
    return response(200).json(users);
  });
  return { filters, handler };
}

export function jobsHandler(jobs: () => Job[]) {
  let calls = 0;
  const handler = http.get('/api/v1/products/download/jobs', ({ response }) => {
    calls += 1;
    return response(200).json(jobs());
  });
  return { handler, calls: () => calls };
}
