import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ContractOperation } from '@portal/contract/operations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { answerText } from '../lib/frozen-answers.ts';
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

/** The stored status of a key whose first request is still running (on this instance or another). */
const IN_FLIGHT = 0;
/** How often, at most, one instance removes the answers past their window. */
const sweepEveryMs = 60_000;
/** How often a twin waiting for another instance's first request looks again. */
const pollMs = 25;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';

/**
 * `Idempotency-Key` on the create calls: the first successful answer is stored per user and key and
 * replayed for 24 hours; the same key with another request is a 422. A twin arriving while the first
 * is still running (a double click) waits for it and gets its answer — on any instance: the first
 * request claims the key with a row before it runs (status IN_FLIGHT), the row's primary key lets
 * only one claim win, and the answer is written into that row. A failed first request gives its
 * claim up, so a retry runs again; a claim older than the in-flight wait (its instance died) is
 * taken over.
 */
export function createIdempotency() {
  // Twins on this instance wait here without asking the database.
  const inFlight = new Map<string, Promise<void>>();

  type Claim = { kind: 'first' } | { kind: 'stored'; status: number; body: string; fingerprint: string };

  /** Claims the key for this request, or answers what the first request stored (waiting for it). */
  async function claim(world: World, userId: string, key: string, fingerprint: string): Promise<Claim> {
    const { prisma, wallClock } = world;
    const where = { userId_key: { userId, key } };
    // Real time, not the world's clock: a test's manual clock must not keep a twin waiting for ever.
    const waitUntil = performance.now() + inFlightWaitMs;
    for (;;) {
      const now = wallClock.now();
      const claimRow = { fingerprint, status: IN_FLIGHT, body: '', createdAt: now };
      try {
        await prisma.idempotencyRecord.create({ data: { userId, key, ...claimRow } });
        return { kind: 'first' };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const row = await prisma.idempotencyRecord.findUnique({ where });
      if (!row) continue; // The first gave its claim up between the two calls: claim again.
      const age = now.getTime() - row.createdAt.getTime();
      const running = row.status === IN_FLIGHT;
      // An abandoned claim (its instance stopped, or this twin waited its time out) or an expired
      // answer: take the key over; one taker wins.
      const stale = running
        ? age >= inFlightWaitMs || performance.now() >= waitUntil
        : age >= idempotencyWindowMs;
      if (stale) {
        const taken = await prisma.idempotencyRecord.updateMany({
          where: { userId, key, createdAt: row.createdAt, status: row.status },
          data: claimRow,
        });
        if (taken.count === 1) return { kind: 'first' };
        continue;
      }
      if (!running || row.fingerprint !== fingerprint) {
        return { kind: 'stored', status: row.status, body: row.body, fingerprint: row.fingerprint };
      }
      await sleep(pollMs);
    }
  }

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
    // Claimed before the first await, so two simultaneous twins on this instance cannot both run.
    let done: () => void = () => {};
    inFlight.set(slot, new Promise<void>((resolve) => (done = resolve)));
    const pending = { userId, key, fingerprint, slot, done, replay: false };
    request.idempotency = pending;
    const first = await claim(request.world, userId, key, fingerprint);
    if (first.kind === 'first') return;
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

  /**
   * Stores the first successful answer in its claim; a refused or failed one gives its claim up before
   * the caller sees the answer, so a retry sent at once runs again on any instance. (A request that
   * never reaches here, its client gone, gives the claim up in onResponse.)
   */
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const pending = request.idempotency;
    if (!pending || pending.replay) return payload;
    const body = answerText(payload);
    if (reply.statusCode < 200 || reply.statusCode >= 300 || body === undefined) {
      await giveUp(request, pending);
      return payload;
    }
    const { prisma, wallClock } = request.world;
    const now = wallClock.now();
    const record = {
      fingerprint: pending.fingerprint,
      status: reply.statusCode,
      body,
      createdAt: now,
    };
    try {
      await prisma.idempotencyRecord.upsert({
        where: { userId_key: { userId: pending.userId, key: pending.key } },
        create: { userId: pending.userId, key: pending.key, ...record },
        update: record,
      });
      pending.replay = true; // Stored: nothing to give up.
    } catch (error) {
      // The action itself succeeded; only a later replay is lost, so the caller still gets its answer.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
    sweep(request, now);
    return payload;
  }

  // Answers past their window are removed at most once a minute per instance, beside the answer rather
  // than before it: a statement over the whole table on every create cost every create a round trip.
  const nextSweep = new WeakMap<object, number>();
  function sweep(request: FastifyRequest, now: Date) {
    const { world } = request;
    if (now.getTime() < (nextSweep.get(world) ?? 0)) return;
    nextSweep.set(world, now.getTime() + sweepEveryMs);
    world.prisma.idempotencyRecord
      .deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - idempotencyWindowMs) } } })
      .catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not remove expired idempotent answers'),
      );
  }

  /** Gives up the claim of a request whose answer is not stored (only a claim still in flight). */
  async function giveUp(request: FastifyRequest, pending: NonNullable<FastifyRequest['idempotency']>) {
    pending.replay = true; // Nothing left to give up or store.
    await request.world.prisma.idempotencyRecord
      .deleteMany({ where: { userId: pending.userId, key: pending.key, status: IN_FLIGHT } })
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not give up an idempotency claim'));
  }

  /** Gives up a claim onSend did not settle, and lets a waiting twin go. */
  async function onResponse(request: FastifyRequest) {
    const pending = request.idempotency;
    if (!pending) return;
    request.idempotency = undefined;
    if (!pending.replay) await giveUp(request, pending);
    inFlight.delete(pending.slot);
    pending.done();
  }

  return { preHandler, onSend, onResponse };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
