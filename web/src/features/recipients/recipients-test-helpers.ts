import { screen } from '@testing-library/react';
import type { InvitationFilter } from '../../lib/invitation-status.ts';
import { pageOf } from '../../test/paged-answer.ts';
import { http, server } from '../../test/server.ts';
import type { InvitationEntry } from './recipient-status.ts';

export function entry(overrides: Partial<InvitationEntry> & Pick<InvitationEntry, 'id'>): InvitationEntry {
  const code = overrides.code ?? `CODE-${overrides.id.toUpperCase()}`;
  return {
    type: 'agent',
    displayName: 'Fleet Analytics',
    site: 'https://fleet.example.com',
    code,
    link: `http://localhost:3000/redeem/${code}`,
    status: 'ACCEPTED',
    createdAt: '2025-03-01T10:00:00.000Z',
    statusChangedAt: '2025-03-05T10:00:00.000Z',
    expiresAt: '2025-03-15T10:00:00.000Z',
    ...overrides,
  };
}

export const activeAgent = entry({ id: 'inv_active', displayName: 'Fleet Analytics', status: 'ACCEPTED' });
export const pendingAgent = entry({ id: 'inv_pending', displayName: 'Charge Point Data', status: 'CLAIMED' });
export const revokedAgent = entry({
  id: 'inv_revoked',
  displayName: 'Old Partner',
  status: 'REVOKED_AFTER_ACCEPTED',
});
export const activeLink = entry({
  id: 'inv_link',
  type: 'invitation',
  displayName: null,
  site: null,
  code: 'ABCD-EFGH-JKMN-PQRS',
  link: 'http://localhost:3000/redeem/ABCD-EFGH-JKMN-PQRS',
  status: 'CREATED',
});
export const deletedLink = entry({
  id: 'inv_deleted',
  type: 'invitation',
  displayName: null,
  site: null,
  status: 'REVOKED_BEFORE_CLAIMED',
});

export type Calls = { claimed: InvitationFilter[]; unclaimed: InvitationFilter[] };

/**
 * Answers both list calls as the server does (pages, `X-Total-Count`, `changedAfter`; a function
 * gets the filter) and records which filters the lists (not the badge counts) were asked for.
 */
export function answerLists(
  claimed: InvitationEntry[] | ((filter: InvitationFilter) => InvitationEntry[]),
  unclaimed: InvitationEntry[] | ((filter: InvitationFilter) => InvitationEntry[]) = [],
): Calls {
  const calls: Calls = { claimed: [], unclaimed: [] };
  const answer = (
    source: typeof claimed,
    filter: InvitationFilter,
    request: Request,
    asked: InvitationFilter[],
  ) => {
    const params = new URL(request.url).searchParams;
    const changedAfter = params.get('changedAfter');
    if (changedAfter === null) asked.push(filter);
    const entries = typeof source === 'function' ? source(filter) : source;
    const since = changedAfter === null ? 0 : Date.parse(changedAfter);
    return pageOf(
      request,
      entries.filter((entry) => Date.parse(entry.statusChangedAt) > since),
    );
  };
  server.use(
    http.get('/api/v1/invitations/claimed/{filter}', ({ params, request, response }) => {
      const page = answer(claimed, params.filter, request, calls.claimed);
      return response(200).json(page.body, page.init);
    }),
    http.get('/api/v1/invitations/unclaimed/{filter}', ({ params, request, response }) => {
      const page = answer(unclaimed, params.filter, request, calls.unclaimed);
      return response(200).json(page.body, page.init);
    }),
  );
  return calls;
}

export async function findCard(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title, level: 3 });
  return heading.closest('li') as HTMLElement;
}
