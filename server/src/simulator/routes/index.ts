import type { AnyRouteDefinition, RouteSetup } from '../../lib/route.ts';
import type { Simulator } from '../sandbox/simulator.ts';
import { proxyRoutes } from './proxy-routes.ts';
import { simulationRoutes } from './simulation-routes.ts';
import { simulationWorldRoutes } from './simulation-world-routes.ts';

/** The simulator's operations (tagged `simulation` in the contract); outside development they answer 404. */
export function simulatorRoutes(setup: RouteSetup & { simulator: Simulator }): AnyRouteDefinition[] {
  return [simulationRoutes, simulationWorldRoutes, proxyRoutes].flatMap((routes): AnyRouteDefinition[] =>
    routes(setup),
  );
}
