import { whenReady } from '../lib/maybe-promise.ts';
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
export function invitationsRoutes() {
  const owner = ['user'] as const;
  // The owner's two lists: data recipients (claimed) and codes nobody has used yet (unclaimed).
  const listInvitations =
    (claimed: boolean) => (ctx: RouteContext<'listClaimedInvitations' | 'listUnclaimedInvitations'>) => {
      const { params, query } = ctx;
      const scope = `${claimed ? 'listClaimedInvitations' : 'listUnclaimedInvitations'}:${params.filter}`;
      const page = readPage(query, scope);
      const ownerId = callerOf(ctx.user).id;
      const { q } = page;
      const source = ownerInvitationsSource(
        ctx.world,
        ownerId,
        claimed,
        params.filter,
        q,
        query.changedAfter,
      );
      return answerList(ctx.reply, page, source);
    };
  return [
    defineRoute({
      operationId: 'createInvitation',
      roles: owner,
      status: 201,
      handler: ({ world, user, body }) => createInvitation(world, callerOf(user).id, body),
    }),
    defineRoute({ operationId: 'listClaimedInvitations', roles: owner, handler: listInvitations(true) }),
    defineRoute({ operationId: 'listUnclaimedInvitations', roles: owner, handler: listInvitations(false) }),
    defineRoute({
      operationId: 'getInvitationPermissions',
      roles: owner,
      handler: ({ world, user, params }) => ownerPermissions(world, callerOf(user).id, params.id),
    }),
    defineRoute({
      operationId: 'listInvitationEvents',
      roles: owner,
      handler({ world, user, params, query, reply }) {
        return whenReady(findOwnInvitation(world, callerOf(user).id, params.id), (invitation) => {
          const page = readPage(query, `listInvitationEvents:${invitation.id}`);
          return answerList(reply, page, sharingEventsSource(world, invitation.id));
        });
      },
    }),
    defineRoute({
      operationId: 'decideInvitation',
      roles: owner,
      handler: ({ world, user, params }) =>
        decideInvitation(world, callerOf(user).id, params.id, params.decision),
    }),
    defineRoute({
      operationId: 'revokeInvitation',
      roles: owner,
      handler: ({ world, user, params }) => revokeByOwner(world, callerOf(user).id, params.id),
    }),
  ];
}
