import type { FastifyRequest } from 'fastify';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { answerList, readPage } from '../lib/paging.ts';
import { callerOf, defineRoute, type RouteSetup } from '../lib/route.ts';
import {
  agentPermissions,
  connectedSource,
  createInvitationDownload,
  redeemCode,
  requireActiveAgent,
  revokeByAgent,
} from '../services/agent-invitations.ts';
import type { World } from '../world.ts';

/** The company's side of sharing: redeeming codes, connected users, their permissions and data. */
export function agentInvitationsRoutes({ config }: RouteSetup) {
  const agent = ['agent'] as const;
  /** Every call here needs an approved company; answers its id. */
  const activeAgent = (
    world: World,
    user: Parameters<typeof callerOf>[0],
    request: FastifyRequest,
  ): MaybePromise<string> => {
    const { id } = callerOf(user);
    return whenReady(requireActiveAgent(world, id, request.arrivedAt), () => id);
  };
  return [
    defineRoute({
      operationId: 'redeemInvitationCode',
      roles: agent,
      // Guessing codes is the attack; attempts are limited per company, whatever address it claims.
      rateLimit: {
        max: config.redeemRateLimit.max,
        timeWindow: config.redeemRateLimit.windowMs,
        keyGenerator: (request: FastifyRequest) => `redeem:${request.user?.id ?? `ip:${request.ip}`}`,
        message: 'Too many attempts. Please wait a minute and try again.',
      },
      handler: async ({ world, user, params, request }) =>
        redeemCode(world, await activeAgent(world, user, request), params.code),
    }),
    defineRoute({
      operationId: 'listConnectedInvitations',
      roles: agent,
      handler({ world, user, params, query, reply, request }) {
        const page = readPage(query, `listConnectedInvitations:${params.filter}`);
        return whenReady(activeAgent(world, user, request), (agentId) =>
          answerList(reply, page, connectedSource(world, agentId, params.filter, page.q)),
        );
      },
    }),
    defineRoute({
      operationId: 'getConnectedInvitationPermissions',
      roles: agent,
      handler: ({ world, user, params, request }) =>
        whenReady(activeAgent(world, user, request), (agentId) =>
          agentPermissions(world, agentId, params.id),
        ),
    }),
    defineRoute({
      operationId: 'revokeConnectedInvitation',
      roles: agent,
      handler: async ({ world, user, params, request }) =>
        revokeByAgent(world, await activeAgent(world, user, request), params.id),
    }),
    defineRoute({
      operationId: 'createInvitationDownload',
      roles: agent,
      status: 201,
      handler: async ({ world, user, params, request }) =>
        createInvitationDownload(world, await activeAgent(world, user, request), params.invitationId),
    }),
  ];
}
