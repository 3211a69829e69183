import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { loadContract } from '@portal/contract/document';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { authenticateRequest, pageUser } from './auth/authenticate.ts';
import { type Config, isDevMode } from './config.ts';
import { type HotReads, openReads } from './db/client.ts';
import { isPostgres } from './db/engine.ts';
import type { PortalDeps } from './deps.ts';
import { createRequestCompilers } from './lib/contract-validation.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import { loggerOptions, requestLoggerFactory, requestLogPlugin } from './lib/logging.ts';
import { createRequestIds } from './lib/request-ids.ts';
import { cacheHeadersPlugin } from './plugins/cache-headers.ts';
import { connectionOptions, connectionsPlugin } from './plugins/connections.ts';
import { contractPlugin } from './plugins/contract.ts';
import { corsOriginsPlugin } from './plugins/cors.ts';
import { docsPlugin } from './plugins/docs.ts';
import type { EarlyPort } from './plugins/early-port.ts';
import { errorEnvelopePlugin, frameworkErrors, maxPathParameterLength } from './plugins/error-envelope.ts';
import { createIdempotency } from './plugins/idempotency.ts';
import { createRateLimitCounter, databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { requestGuardsPlugin } from './plugins/request-guards.ts';
import { requestWorldPlugin } from './plugins/request-world.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { signInPlugin } from './plugins/sign-in.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { createRoutes } from './routes/index.ts';
import { portalConfigOf } from './routes/meta-routes.ts';
import {
  builtInIdentityProvider,
  createFallbackIdentity,
  createSimulator,
  type SimulatedWorld,
  type Simulator,
  sandboxPlugin,
  simulatorRoutes,
  validatingProxyPlugin,
} from './simulator/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own world (what a request reaches without a sandbox) and the simulator. */
    portal: SimulatedWorld & { simulator: Simulator; lifecycle: Lifecycle };
  }
}

const fileLimit = 5 * 1024 * 1024;

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Fastify reads a bare number as "trust nobody"; a hop count here means the operator vouches for that
 * many proxies in front, so the nearest `hops` addresses are trusted as Express does.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** What the app is built on; `reads` are opened on `config.databaseUrl` (and closed with the app) when absent. */
export type AppDeps = Omit<PortalDeps, 'reads'> & { reads?: HotReads };

export interface BuildOptions {
  logStream?: NodeJS.WritableStream;
  /** The port main.ts opened before the start; the app answers on it once it is ready (`takeOver`). */
  port?: EarlyPort;
}

/**
 * Builds the reference server: external plugins, then the contract's routes, then the web app. It is
 * ready (`getHealth` answers 200) once its runners and sandboxes have started, and not from its close on.
 */
export async function buildApp(
  { reads: givenReads, ...given }: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config } = given;
  const reads = givenReads ?? openReads(config.databaseUrl);
  const deps: PortalDeps = { ...given, reads };
  // The contract's request validators and answer serialisers (lib/contract-validation.ts). Only the
  // contract's routes carry schemas, so these are Fastify's compilers too: its default ones (a second
  // Ajv with its JTD and standalone builds, about 25 modules) are then never loaded (decision 0100).
  const compilers = createRequestCompilers();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Requests are logged by lib/logging.ts (one line each), not by Fastify's own pair of lines.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory,
    // No proxy is trusted unless TRUST_PROXY names it: a client could otherwise pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: maxPathParameterLength },
    frameworkErrors,
    genReqId: createRequestIds(),
    schemaController: {
      // Fastify's types describe its default compilers' factories; at run time a factory answers the
      // compiler Fastify then calls with each route's schema, as `setValidatorCompiler` takes it.
      compilersFactory: {
        buildValidator: (() => compilers.compile) as unknown as CompilersFactory['buildValidator'],
        buildSerializer: (() => compilers.serialize) as unknown as CompilersFactory['buildSerializer'],
      },
    },
    // Time limits, answers to requests that are not valid HTTP, connections after refusals.
    ...connectionOptions(config.timeouts),
    ...(options.port ? { serverFactory: options.port.serverFactory } : {}),
  });
  // The app's own world (with its runner and the simulator's faults), the sandboxes, the drift log.
  const simulator = createSimulator(deps, app.log);
  const world = simulator.shared;
  const lifecycle = createLifecycle();
  app.decorate('portal', { ...world, simulator, lifecycle });

  await app.register(requestWorldPlugin, { world });
  await app.register(requestLogPlugin);
  await app.register(errorEnvelopePlugin);
  await app.register(connectionsPlugin);
  await app.register(cookie);
  const document = loadContract(config.openapiPath);
  await app.register(sandboxPlugin, {
    config,
    shared: simulator.shared,
    sandboxes: simulator.sandboxes,
    document,
  });
  await app.register(securityHeadersPlugin, { config });
  // Team mode counts in the database, so a limit holds across instances; one instance counts in memory.
  const sharedCounts = isPostgres(config.databaseUrl)
    ? { store: databaseRateLimitStore(createRateLimitCounter(deps.prisma)) }
    : {};
  await app.register(rateLimit, { global: false, ...sharedCounts });
  // Before the guards: a listed origin's preflight is answered here, before any guard or route.
  if (config.corsOrigins.length > 0) {
    await app.register(corsOriginsPlugin, { origins: config.corsOrigins, document });
  }
  await app.register(requestGuardsPlugin, { config });
  await app.register(cacheHeadersPlugin);
  await app.register(signInPlugin, { config, builtInProvider: builtInIdentityProvider(config, world) });

  await app.register(validatingProxyPlugin, {
    proxy: config.proxy,
    document,
    driftLog: simulator.drift,
    simulationEnabled: isDevMode(config),
    authenticate: (request) => authenticateRequest(request.world, request),
    fallbackIdentity: config.proxy.fallbackAs ? createFallbackIdentity(config.proxy.fallbackAs) : undefined,
  });
  await app.register(contractPlugin, {
    document,
    compilers,
    routes: [...createRoutes({ config, lifecycle }), ...simulatorRoutes({ config, lifecycle, simulator })],
    authenticate: (request) => authenticateRequest(request.world, request),
    beforeOperation: (request, operationId) => request.world.faults.apply(request, operationId),
    // Only the uploads' scope: the reader's hooks (an async onRequest and onResponse) cost every
    // other request a promise each.
    bodyReaders: async (scope) => {
      await scope.register(multipart, { limits: { fileSize: fileLimit, files: 3, fields: 5, parts: 8 } });
    },
    idempotency: createIdempotency(),
    validateResponses: config.validateResponses,
    strictResponses: config.mode === 'test',
  });
  await app.register(docsPlugin, { document });
  await app.register(webAppPlugin, {
    webDist: config.webDist,
    // Behind the validating proxy the back end answers /users/me: the page cannot know its answer.
    signedInUser: config.proxy.target ? undefined : (request) => pageUser(request.world, request),
    portalConfig: config.proxy.target ? undefined : portalConfigOf(config),
  });

  let warmUp: { stop(): void } | undefined;
  app.addHook('onReady', async () => {
    await simulator.shared.runners.start();
    if (isDevMode(config)) await simulator.sandboxes.start();
    lifecycle.ready();
    // Calls are taken from here on; what no call has needed yet is compiled between them (decision 0072).
    warmUp = compilers.compileInBackground((error) =>
      app.log.error({ err: error }, 'a schema of the contract does not compile'),
    );
  });
  app.addHook('preClose', async () => {
    lifecycle.stopping();
    warmUp?.stop();
    // Fastify closes only a server it made listen itself; this one stops taking connections here and the
    // close waits for the calls being answered, before the runners and the database close.
    await options.port?.close();
  });
  app.addHook('onClose', async () => {
    await simulator.sandboxes.stop();
    await simulator.shared.runners.stop();
    if (!givenReads) await reads.close();
  });
  return app;
}
