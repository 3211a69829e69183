import { isDevMode } from '../config.ts';
import type { PortalDeps } from '../deps.ts';
import { defineRoute } from '../lib/route.ts';
import { checkDatabase } from '../services/portal-status.ts';

export function metaRoutes(deps: PortalDeps) {
  const { config } = deps;
  return [
    defineRoute({
      operationId: 'getHealth',
      async handler() {
        await checkDatabase(deps);
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
