import type { FastifyRequest } from 'fastify';
import type { PortalDeps } from '../deps.ts';
import { answerList, readPage } from '../lib/paging.ts';
import { callerOf, defineRoute } from '../lib/route.ts';
import {
  agentPermissions,
  connectedSource,
  createInviteDownload,
  redeemCode,
  requireActiveAgent,
  revokeByAgent,
} from '../services/agent-invitations.ts';

/** The company's side of sharing: redeeming codes, connected users, their permissions and data. */
export function invitationsAgentRoutes(deps: PortalDeps) {
  const agent = ['agent'] as const;
  /** Every call here needs an approved company; answers its id. */
  const activeAgent = async (user: Parameters<typeof callerOf>[0]) => {
    const { id } = callerOf(user);
    await requireActiveAgent(deps, id);
    return id;
  };
  return [
    defineRoute({
      operationId: 'redeemInvitationCode',
      roles: agent,
      // Guessing codes is the attack; attempts are limited per company, whatever address it claims.
      rateLimit: {
        max: deps.config.redeemRateLimit.max,
        timeWindow: deps.config.redeemRateLimit.windowMs,
        keyGenerator: (request: FastifyRequest) => `redeem:${request.user?.id ?? `ip:${request.ip}`}`,
      },
      handler: async ({ user, params }) => redeemCode(deps, await activeAgent(user), params.code),
    }),
    defineRoute({
      operationId: 'listConnectedInvitations',
      roles: agent,
      async handler({ user, params, query, reply }) {
        const page = readPage(query, `listConnectedInvitations:${params.filter}`);
        return answerList(reply, page, connectedSource(deps, await activeAgent(user), params.filter, page.q));
      },
    }),
    defineRoute({
      operationId: 'getConnectedInvitationPermissions',
      roles: agent,
      handler: async ({ user, params }) => agentPermissions(deps, await activeAgent(user), params.id),
    }),
    defineRoute({
      operationId: 'revokeConnectedInvitation',
      roles: agent,
      handler: async ({ user, params }) => revokeByAgent(deps, await activeAgent(user), params.id),
    }),
    defineRoute({
      operationId: 'createInvitationDownload',
      roles: agent,
      status: 201,
      async handler({ user, params, request }) {
        const job = await createInviteDownload(deps, await activeAgent(user), params.invitationId);
        request.server.portal.jobs.wake();
        return job;
      },
    }),
  ];
}
