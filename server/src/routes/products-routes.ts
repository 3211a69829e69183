import type { PortalDeps } from '../deps.ts';
import { callerOf, defineRoute } from '../lib/route.ts';
import {
  awaitCollectionChange,
  ownProductsAnswer,
  ownProductWithState,
  requestCollectionChange,
} from '../services/collection.ts';

/** The caller's vehicles and wallboxes, and the data collection toggle (which takes a while). */
export function productsRoutes(deps: PortalDeps) {
  const { prisma } = deps;
  return [
    defineRoute({
      operationId: 'listProducts',
      roles: ['user'],
      async handler({ user }) {
        return ownProductsAnswer(prisma, callerOf(user).id);
      },
    }),
    defineRoute({
      operationId: 'setProductCollection',
      roles: ['user'],
      async handler({ user, params, request }) {
        const ownerId = callerOf(user).id;
        const change = await requestCollectionChange(deps, ownerId, params.id, params.action);
        // If the wait below gives up (a slow clock), the runner completes the change when it is due.
        request.server.portal.jobs.wake();
        await awaitCollectionChange(deps, change);
        return ownProductWithState(prisma, ownerId, params.id);
      },
    }),
  ];
}
