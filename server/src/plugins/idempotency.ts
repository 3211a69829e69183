import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ContractOperation } from '@portal/contract/operations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { World } from '../world.ts';

/** How long a first answer is replayed (ADR 0010). */
export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
/** A request waiting for a twin in flight gives up after this and is judged on what is stored. */
const inFlightWaitMs = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: {
      userId: string;
      key: string;
      fingerprint: string;
      slot: string;
      done(): void;
      /** The answer is a stored one (or a refusal): nothing to store. */
      replay: boolean;
    };
  }
}

/** JSON with object keys sorted: the same body always gives the same fingerprint, whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether the contract gives the operation an `Idempotency-Key` header. */
export function acceptsIdempotencyKey(operation: ContractOperation): boolean {
  return operation.parameters.some(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
  );
}

/**
 * `Idempotency-Key` on the create calls: the first successful answer is stored per user and key and
 * replayed for 24 hours; the same key with another request is a 422. A twin arriving while the first
 * is still running (a double click) waits for it and gets its answer.
 */
export function createIdempotency() {
  const inFlight = new Map<string, Promise<void>>();

  // Stored keys belong to the request's world, like every other row.
  const stored = async ({ prisma, wallClock }: World, userId: string, key: string) => {
    const row = await prisma.idempotencyRecord.findUnique({ where: { userId_key: { userId, key } } });
    if (!row || wallClock.now().getTime() - row.createdAt.getTime() >= idempotencyWindowMs) return null;
    return row;
  };

  /** After validation and authentication: replay, refuse, or mark the request as the first. */
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !request.user) return;
    const userId = request.user.id;
    const operationId = request.routeOptions.config.operationId ?? '';
    const fingerprint = createHash('sha256')
      .update(`${operationId}\n${request.method} ${request.url}\n${canonical(request.body ?? null)}`)
      .digest('hex');
    const slot = `${userId}\n${key}`;
    for (let twin = inFlight.get(slot); twin; twin = inFlight.get(slot)) {
      await Promise.race([twin, sleep(inFlightWaitMs)]);
      if (inFlight.get(slot) === twin) break;
    }
    // Claimed before the first await, so two simultaneous twins cannot both run.
    let done: () => void = () => {};
    inFlight.set(slot, new Promise<void>((resolve) => (done = resolve)));
    const pending = { userId, key, fingerprint, slot, done, replay: false };
    request.idempotency = pending;
    const first = await stored(request.world, userId, key);
    if (!first) return;
    pending.replay = true;
    if (first.fingerprint !== fingerprint) {
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request.',
      );
    }
    return reply
      .code(first.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(first.body);
  }

  /** Stores the first successful answer (failed requests are not stored: retrying runs them again). */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const pending = request.idempotency;
    if (
      !pending ||
      pending.replay ||
      reply.statusCode < 200 ||
      reply.statusCode >= 300 ||
      typeof payload !== 'string'
    ) {
      return payload;
    }
    const { prisma, wallClock } = request.world;
    const now = wallClock.now();
    const record = {
      fingerprint: pending.fingerprint,
      status: reply.statusCode,
      body: payload,
      createdAt: now,
    };
    try {
      await prisma.idempotencyRecord.upsert({
        where: { userId_key: { userId: pending.userId, key: pending.key } },
        create: { userId: pending.userId, key: pending.key, ...record },
        update: record,
      });
      await prisma.idempotencyRecord.deleteMany({
        where: { createdAt: { lt: new Date(now.getTime() - idempotencyWindowMs) } },
      });
    } catch (error) {
      // The action itself succeeded; only a later replay is lost, so the caller still gets its answer.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
    return payload;
  }

  /** Lets a waiting twin go, however the first request ended. */
  async function onResponse(request: FastifyRequest) {
    const pending = request.idempotency;
    if (!pending) return;
    request.idempotency = undefined;
    inFlight.delete(pending.slot);
    pending.done();
  }

  return { preHandler, onSend, onResponse };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
