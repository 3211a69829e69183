import { callerOf, defineRoute } from '../lib/route.ts';
import {
  awaitCollectionChange,
  ownProductsAnswer,
  ownProductWithState,
  requestCollectionChange,
} from '../services/products.ts';

/** The caller's vehicles and wallboxes, and the data collection toggle (which takes a while). */
export function productsRoutes() {
  return [
    defineRoute({
      operationId: 'listProducts',
      roles: ['user'],
      handler({ world, user, request }) {
        return ownProductsAnswer(world, callerOf(user).id, request.arrivedAt);
      },
    }),
    defineRoute({
      operationId: 'setProductCollection',
      roles: ['user'],
      async handler({ world, user, params }) {
        const ownerId = callerOf(user).id;
        const change = await requestCollectionChange(world, ownerId, params.id, params.action);
        await awaitCollectionChange(world, change);
        return ownProductWithState(world, ownerId, params.id);
      },
    }),
  ];
}
