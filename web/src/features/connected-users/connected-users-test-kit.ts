import type { Schemas } from '../../lib/api/types.ts';
import { http } from '../../test/server.ts';

export type Connected = Schemas['ConnectedInvitation'];
export type Job = Schemas['DownloadJob'];

export const activeUser: Connected = {
  invitationId: 'inv_active',
  fullName: 'Olga Owner',
  email: 'olga@example.com',
  createdAt: '2025-03-01T10:00:00.000Z',
  status: 'ACCEPTED',
};
export const pendingUser: Connected = {
  invitationId: 'inv_pending',
  fullName: 'Peter Pending',
  email: 'peter@example.com',
  createdAt: '2025-03-14T09:30:00.000Z',
  status: 'CLAIMED',
};
export const declinedUser: Connected = {
  invitationId: 'inv_declined',
  fullName: 'Dora Declined',
  email: 'dora@example.com',
  createdAt: '2025-02-02T09:30:00.000Z',
  status: 'DECLINED',
};
export const revokedUser: Connected = {
  invitationId: 'inv_revoked',
  fullName: 'Rita Revoked',
  email: 'rita@example.com',
  createdAt: '2025-01-20T09:30:00.000Z',
  status: 'REVOKED_AFTER_ACCEPTED',
};

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
