import { isDevMode } from '../config.ts';
import { notReady } from '../lib/lifecycle.ts';
import { defineRoute, type RouteSetup } from '../lib/route.ts';
import { checkDatabase } from '../services/meta.ts';

export function metaRoutes(setup: RouteSetup) {
  const { config, lifecycle } = setup;
  return [
    defineRoute({
      operationId: 'getHealth',
      async handler({ world }) {
        // Readiness: not while the server starts or stops, nor without its database.
        const { phase } = lifecycle;
        if (phase !== 'ready') throw notReady(phase);
        await checkDatabase(world);
        return { status: 'ok' as const };
      },
    }),
    defineRoute({
      operationId: 'getLiveness',
      async handler() {
        return { status: 'ok' as const };
      },
    }),
    defineRoute({
      operationId: 'getPortalConfig',
      async handler() {
        return {
          ...config.brand,
          mode: config.mode,
          devMode: isDevMode(config),
          defaultLanguage: 'en' as const,
        };
      },
    }),
  ];
}
