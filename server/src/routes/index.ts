import type { PortalDeps } from '../deps.ts';
import type { AnyRouteDefinition } from '../lib/route.ts';
import type { PortalServices } from '../services.ts';
import { proxyRoutes } from '../simulator/routes/proxy-routes.ts';
import { simulationRoutes } from '../simulator/routes/simulation-routes.ts';
import { simulationWorldRoutes } from '../simulator/routes/simulation-world-routes.ts';
import { adminRoutes } from './admin-routes.ts';
import { agentsRoutes } from './agents-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { documentsRoutes } from './documents-routes.ts';
import { downloadsRoutes } from './downloads-routes.ts';
import { invitationsAgentRoutes } from './invitations-agent-routes.ts';
import { invitationsRoutes } from './invitations-routes.ts';
import { metaRoutes } from './meta-routes.ts';
import { productsRoutes } from './products-routes.ts';
import { usersRoutes } from './users-routes.ts';

/** Every contract operation's handler, by feature. Each module exports a factory taking the app's deps. */
export function createRoutes(deps: PortalDeps & Pick<PortalServices, 'drift'>): AnyRouteDefinition[] {
  const accounts = [authRoutes, usersRoutes, agentsRoutes, adminRoutes];
  const sharing = [invitationsRoutes, invitationsAgentRoutes, productsRoutes, downloadsRoutes];
  const publicDocuments = [metaRoutes, documentsRoutes];
  const simulator = [simulationRoutes, simulationWorldRoutes, proxyRoutes];
  return [...accounts, ...sharing, ...publicDocuments, ...simulator].flatMap((routes): AnyRouteDefinition[] =>
    routes(deps),
  );
}
