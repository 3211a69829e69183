import type { AnyRouteDefinition, RouteSetup } from '../lib/route.ts';
import { adminRoutes } from './admin-routes.ts';
import { agentInvitationsRoutes } from './agent-invitations-routes.ts';
import { agentRegistrationRoutes } from './agent-registration-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { documentsRoutes } from './documents-routes.ts';
import { downloadsRoutes } from './downloads-routes.ts';
import { invitationsRoutes } from './invitations-routes.ts';
import { metaRoutes } from './meta-routes.ts';
import { productsRoutes } from './products-routes.ts';
import { usersRoutes } from './users-routes.ts';

/**
 * The portal's own operations' handlers, by feature (the simulator's come from `simulator/`). Each
 * module exports a factory taking the app's settings; handlers take their world from the context.
 */
export function createRoutes(setup: RouteSetup): AnyRouteDefinition[] {
  const accounts = [authRoutes, usersRoutes, agentRegistrationRoutes, adminRoutes];
  const sharing = [invitationsRoutes, agentInvitationsRoutes, productsRoutes, downloadsRoutes];
  const publicDocuments = [metaRoutes, documentsRoutes];
  return [...accounts, ...sharing, ...publicDocuments].flatMap((routes): AnyRouteDefinition[] =>
    routes(setup),
  );
}
