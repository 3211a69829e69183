import type { AnyRouteDefinition, RouteSetup } from '../../lib/route.ts';
import type { Simulator } from '../sandbox/simulator.ts';
import { requireSimulation } from '../simulation.ts';
import { proxyRoutes } from './proxy-routes.ts';
import { simulationRoutes } from './simulation-routes.ts';
import { simulationWorldRoutes } from './simulation-world-routes.ts';

/**
 * The simulator's operations (tagged `simulation` in the contract). Outside the simulation modes every
 * one answers 404 SIMULATION_DISABLED: checked here, before any handler runs, so none has to remember it.
 */
export function simulatorRoutes(setup: RouteSetup & { simulator: Simulator }): AnyRouteDefinition[] {
  return [simulationRoutes, simulationWorldRoutes, proxyRoutes]
    .flatMap((routes): AnyRouteDefinition[] => routes(setup))
    .map((route) => ({
      ...route,
      handler: (context) => {
        requireSimulation(setup.config);
        return route.handler(context);
      },
    }));
}
