import type { PortalDeps } from '../deps.ts';
import { answerList, readPage } from '../lib/paging.ts';
import { callerOf, defineRoute, type RouteContext } from '../lib/route.ts';
import { sharingEventsSource } from '../services/audit.ts';
import {
  createInvitation,
  decideInvitation,
  findOwnInvitation,
  ownerInvitationsSource,
  ownerPermissions,
  revokeByOwner,
} from '../services/invitations.ts';

/** The data owner's side of sharing: codes, data recipients, their permissions, decisions, history. */
export function invitationsRoutes(deps: PortalDeps) {
  const { prisma } = deps;
  const owner = ['user'] as const;
  // The owner's two lists: data recipients (claimed) and codes nobody has used yet (unclaimed).
  const listInvitations =
    (claimed: boolean) =>
    async (ctx: RouteContext<'listClaimedInvitations' | 'listUnclaimedInvitations'>) => {
      const { params, query } = ctx;
      const scope = `${claimed ? 'listClaimedInvitations' : 'listUnclaimedInvitations'}:${params.filter}`;
      const page = readPage(query, scope);
      const ownerId = callerOf(ctx.user).id;
      const { q } = page;
      const source = ownerInvitationsSource(deps, ownerId, claimed, params.filter, q, query.changedAfter);
      return answerList(ctx.reply, page, source);
    };
  return [
    defineRoute({
      operationId: 'createInvitation',
      roles: owner,
      status: 201,
      handler: async ({ user, body }) => createInvitation(deps, callerOf(user).id, body),
    }),
    defineRoute({ operationId: 'listClaimedInvitations', roles: owner, handler: listInvitations(true) }),
    defineRoute({ operationId: 'listUnclaimedInvitations', roles: owner, handler: listInvitations(false) }),
    defineRoute({
      operationId: 'getInvitationPermissions',
      roles: owner,
      handler: async ({ user, params }) => ownerPermissions(deps, callerOf(user).id, params.id),
    }),
    defineRoute({
      operationId: 'listInvitationEvents',
      roles: owner,
      async handler({ user, params, query, reply }) {
        const invitation = await findOwnInvitation(deps, callerOf(user).id, params.id);
        const page = readPage(query, `listInvitationEvents:${invitation.id}`);
        return answerList(reply, page, sharingEventsSource(prisma, invitation.id));
      },
    }),
    defineRoute({
      operationId: 'decideInvitation',
      roles: owner,
      handler: async ({ user, params }) =>
        decideInvitation(deps, callerOf(user).id, params.id, params.decision),
    }),
    defineRoute({
      operationId: 'revokeInvitation',
      roles: owner,
      handler: async ({ user, params }) => revokeByOwner(deps, callerOf(user).id, params.id),
    }),
  ];
}
