import { $api } from '../../../lib/api/client.ts';

export type PermissionsRole = 'user' | 'agent';

/**
 * A user reads an invitation's permissions (GET /api/v1/invitations/{id}/permissions), a company
 * a connected user's (GET /api/v1/agents/invitations/{id}/permissions). Never retried.
 */
export function usePermissions(role: PermissionsRole, invitationId: string | null) {
  const init = { params: { path: { id: invitationId ?? '' } } };
  const meta = { errorMessage: 'permissions.errors.fetch' } as const;
  const asUser = $api.useQuery('get', '/api/v1/invitations/{id}/permissions', init, {
    enabled: role === 'user' && invitationId !== null,
    meta,
  });
  const asAgent = $api.useQuery('get', '/api/v1/agents/invitations/{id}/permissions', init, {
    enabled: role === 'agent' && invitationId !== null,
    meta,
  });
  return role === 'user' ? asUser : asAgent;
}
