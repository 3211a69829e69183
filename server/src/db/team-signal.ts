// The team's signal (PostgreSQL only): instances on one database tell each other about changes that live
// in memory as well as in the database (the simulated clock), over LISTEN/NOTIFY on one channel. A
// message is sent in the same database as the change, so every instance listening there receives it
// after the change is committed; an instance that was not listening (starting, or its connection lost)
// catches up from the database when it (re)connects, so nothing depends on a message arriving.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { postgresPoolConfig } from './postgres-pool.ts';

export const TEAM_CHANNEL = 'portal_team';

/** This process, so that an instance can tell its own messages from the others'. */
export const INSTANCE_ID = randomUUID();

export interface TeamMessage {
  kind: string;
  /** The instance that sent it. */
  from: string;
  [field: string]: unknown;
}

/** Sends a message to every instance listening on the database (including this one, which ignores it). */
export async function notifyTeam(
  prisma: { $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number> },
  message: Omit<TeamMessage, 'from'>,
): Promise<void> {
  const payload = JSON.stringify({ ...message, from: INSTANCE_ID });
  // pg_notify answers void, which a query cannot read back: run it as a statement.
  await prisma.$executeRaw`SELECT pg_notify(${TEAM_CHANNEL}, ${payload})`;
}

export interface TeamListenerOptions {
  /** A message from another instance. */
  onMessage(message: TeamMessage): void;
  /** After each connection (the first and every reconnection): read what may have been missed. */
  onConnected(): Promise<void>;
  onError(error: Error): void;
  /** First wait before reconnecting, doubled up to 5 s (default 250 ms). */
  retryMs?: number;
}

export interface TeamListener {
  /** Resolves once listening (or after the first failure, when the listener keeps retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on the team channel with a connection of its own (LISTEN needs one connection held, not a
 * pooled one) and reconnects by itself, with a growing wait, when the connection or the database goes.
 */
export function listenToTeam(databaseUrl: string, options: TeamListenerOptions): TeamListener {
  const firstRetryMs = options.retryMs ?? 250;
  let retryMs = firstRetryMs;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };

  async function connect(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const next = new pgModule.Client({ ...postgresPoolConfig(databaseUrl), keepAlive: true });
    client = next;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error && !closed) options.onError(error);
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (notification) => {
      if (notification.channel !== TEAM_CHANNEL || !notification.payload) return;
      try {
        const message = JSON.parse(notification.payload) as TeamMessage;
        if (message.from !== INSTANCE_ID) options.onMessage(message);
      } catch (error) {
        options.onError(error as Error);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${TEAM_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      retryMs = firstRetryMs;
      await options.onConnected();
    } catch (error) {
      onLost(error as Error);
    } finally {
      markReady();
    }
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
