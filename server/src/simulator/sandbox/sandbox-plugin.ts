import { randomBytes } from 'node:crypto';
import type { ContractDocument } from '@portal/contract/document';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, isDevMode } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { createViolationCheck, describeCall } from './call-recorder.ts';
import { SANDBOX_ID, type Sandboxes } from './sandboxes.ts';
import type { SimulatedWorld as World } from './world.ts';

/** Opting a browser into its own sandbox: the panel sets it, every request then reaches that world. */
export const SANDBOX_COOKIE = 'portal_sandbox';
/** Tells one browser's calls from another's in the shared world's call list. */
export const CALLER_COOKIE = 'portal_sim_caller';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whose call list this request belongs to. */
    simCaller: string;
    /** The world the request was answered in (null when it failed before one was picked). */
    simWorld: World | null;
  }
}

export interface SandboxPluginOptions {
  config: Config;
  shared: World;
  sandboxes: Sandboxes;
  document: ContractDocument;
}

/**
 * New callers' ids, 12 random bytes each, cut from a pool drawn 256 ids at a time: one call into the
 * system's random source per 256 new callers instead of one per cookie-less request (a tenth of such a
 * request's CPU in a profile).
 */
function callerIds(): () => string {
  const size = 12;
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + size > pool.length) {
      pool = randomBytes(size * 256);
      at = 0;
    }
    at += size;
    return pool.toString('base64url', at - size, at);
  };
}

const invalidSandbox = () =>
  new AppError(
    400,
    'VALIDATION_FAILED',
    'X-Sandbox must be 1 to 64 letters, digits, hyphens or underscores.',
    'X-Sandbox',
  );

/** The sandbox a request asked for: its `X-Sandbox` header, else its sandbox cookie, else none. */
function requestedSandbox(request: FastifyRequest): string | null {
  const header = request.headers['x-sandbox'];
  if (typeof header === 'string') {
    if (!SANDBOX_ID.test(header)) throw invalidSandbox();
    return header;
  }
  const cookie = request.cookies[SANDBOX_COOKIE];
  return cookie && SANDBOX_ID.test(cookie) ? cookie : null;
}

/**
 * Outside production: picks each request's world (`request.world`: its sandbox, else the shared
 * world) and records its call for the panel's call list. In-process calls made for a sandbox (the
 * built-in identity provider during a sandbox's sign-in) name it in their `X-Sandbox` header.
 */
async function sandboxPlugin(app: FastifyInstance, options: SandboxPluginOptions): Promise<void> {
  const { config, shared, sandboxes } = options;
  if (!isDevMode(config)) return;
  const newCaller = callerIds();
  const check = createViolationCheck(options.document);
  app.decorateRequest('simCaller', '');
  app.decorateRequest('simWorld', null);

  const enter = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    return (requested: World | null) => {
      const world = requested ?? shared;
      world.lastUsedAt = Date.now();
      let caller = request.cookies[CALLER_COOKIE];
      if ((!caller || !SANDBOX_ID.test(caller)) && !world.id && request.url.startsWith('/api/')) {
        caller = newCaller();
        reply.setCookie(CALLER_COOKIE, caller, { path: '/', httpOnly: true, sameSite: 'lax' });
      }
      request.simCaller = world.id ?? caller ?? '';
      request.simWorld = world;
      request.world = world;
      done();
    };
  };
  // Synchronous unless a sandbox is asked for: most requests are not, and a promise per request shows.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    let sandboxId: string | null;
    try {
      sandboxId = requestedSandbox(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    const entered = enter(request, reply, done);
    if (sandboxId === null) entered(null);
    else sandboxes.resolve(sandboxId).then(entered, done);
  });

  // Reading simulator state and emptying the list are the panel's own housekeeping, not the app's calls.
  const unrecorded = (request: FastifyRequest) =>
    !request.url.startsWith('/api/') ||
    (request.url.startsWith('/api/v1/sim/') && request.method === 'GET') ||
    request.url.startsWith('/api/v1/sim/calls');
  app.addHook('onSend', (request, reply, payload, done) => {
    const world = request.simWorld;
    if (world && !unrecorded(request)) {
      world.calls.record(request.simCaller, describeCall(request, reply, payload, check));
    }
    done(null, payload);
  });
}

export const sandbox = fp(sandboxPlugin, { name: 'sandbox', fastify: '5.x' });
