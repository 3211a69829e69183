import { isDevMode } from '../config.ts';
import type { PortalDeps } from '../deps.ts';
import { defineRoute } from '../lib/route.ts';

export function metaRoutes({ config, prisma }: PortalDeps) {
  return [
    defineRoute({
      operationId: 'getHealth',
      async handler() {
        await prisma.$queryRaw`SELECT 1`;
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
