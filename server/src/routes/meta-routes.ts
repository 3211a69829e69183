import { type Config, isDevMode } from '../config.ts';
import { frozenAnswer } from '../lib/frozen-answers.ts';
import { notReady } from '../lib/lifecycle.ts';
import { defineRoute, type RouteSetup } from '../lib/route.ts';
import { checkDatabase } from '../services/meta.ts';

/** GET /api/v1/config's answer (also written into the sign-in page, plugins/web-app-login.ts). */
export function portalConfigOf(config: Config) {
  return {
    ...config.brand,
    mode: config.mode,
    devMode: isDevMode(config),
    defaultLanguage: 'en' as const,
  };
}

export function metaRoutes(setup: RouteSetup) {
  const { config, lifecycle } = setup;
  let configAnswer: ReturnType<typeof portalConfigOf> | undefined;
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
      handler() {
        return { status: 'ok' as const };
      },
    }),
    defineRoute({
      operationId: 'getPortalConfig',
      // The settings do not change while the server runs: one frozen answer, checked and serialised once.
      handler: () => (configAnswer ??= frozenAnswer(portalConfigOf(config))),
    }),
  ];
}
