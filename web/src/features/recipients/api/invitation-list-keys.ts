import { $api } from '../../../lib/api/client.ts';

const ALL = { params: { path: { filter: 'ALL' as const } } };

/** Prefixes (method + path) of the derived list keys: invalidating one marks every filter stale. */
export const claimedListsKey = $api
  .queryOptions('get', '/api/v1/invitations/claimed/{filter}', ALL)
  .queryKey.slice(0, 2);
export const unclaimedListsKey = $api
  .queryOptions('get', '/api/v1/invitations/unclaimed/{filter}', ALL)
  .queryKey.slice(0, 2);
