import { isDevMode } from '../config.ts';
import { defineRoute, type RouteSetup } from '../lib/route.ts';
import { checkDatabase } from '../services/meta.ts';

export function metaRoutes(setup: RouteSetup) {
  const { config } = setup;
  return [
    defineRoute({
      operationId: 'getHealth',
      async handler({ world }) {
        await checkDatabase(world);
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
