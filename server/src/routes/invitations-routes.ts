import type { PortalDeps } from '../deps.ts';
import { answerList, readPage } from '../lib/paging.ts';
import { callerOf, defineRoute } from '../lib/route.ts';
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
  return [
    defineRoute({
      operationId: 'createInvitation',
      roles: owner,
      status: 201,
      handler: async ({ user, body }) => createInvitation(deps, callerOf(user).id, body),
    }),
    defineRoute({
      operationId: 'listClaimedInvitations',
      roles: owner,
      async handler({ user, params, query, reply }) {
        const page = readPage(query, `listClaimedInvitations:${params.filter}`);
        return answerList(
          reply,
          page,
          ownerInvitationsSource(deps, callerOf(user).id, true, params.filter, page.q, query.changedAfter),
        );
      },
    }),
    defineRoute({
      operationId: 'listUnclaimedInvitations',
      roles: owner,
      async handler({ user, params, query, reply }) {
        const page = readPage(query, `listUnclaimedInvitations:${params.filter}`);
        return answerList(
          reply,
          page,
          ownerInvitationsSource(deps, callerOf(user).id, false, params.filter, page.q, query.changedAfter),
        );
      },
    }),
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
