import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lookAgain } from '../db/read-freshness.ts';
import { hasPayload } from '../lib/request-body.ts';
import type { World } from '../world.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The world the request works in: the app's, unless the simulator picked a sandbox. */
    world: World;
    /**
     * When the request arrived (`performance.now()`): its reads must see every write committed before
     * then, whichever instance made it (db/hot-reads.ts `arrivedAt`).
     */
    arrivedAt: number;
  }
}

/** Every request works in the app's world (and notes when it arrived, for its reads) unless a later hook (the simulator's sandbox plugin) picks another. */
async function requestWorld(app: FastifyInstance, { world }: { world: World }): Promise<void> {
  app.decorateRequest('world', null as unknown as World);
  app.decorateRequest('arrivedAt', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.world = world;
    request.arrivedAt = performance.now();
    // SQLite's remembered reads look again for commits made before this request (db/read-freshness.ts).
    lookAgain();
    // A request with a body: the hooks go on once the parser has read what came with the head, so a
    // body malformed in the same packet is answered as malformed HTTP (400, decision 0040), never first
    // by a hook that answers at once (an anonymous caller's 401, decision 0150) and is then cut off.
    if (hasPayload(request)) queueMicrotask(done);
    else done();
  });
}

export const requestWorldPlugin = fp(requestWorld, { name: 'request-world', fastify: '5.x' });
