// The team's signal (PostgreSQL only): instances on one database tell each other about changes that live
// in memory as well as in the database (the simulated clock, remembered reads), over LISTEN/NOTIFY on one
// channel. A message is sent in the same database as the change, so every instance listening there
// receives it after the change is committed; an instance that was not listening (starting, or its
// connection lost) catches up from the database when it (re)connects, so nothing depends on a message
// arriving. One listening connection per database per process, whatever number of listeners use it.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { postgresPoolConfig } from './postgres-pool.ts';

export const TEAM_CHANNEL = 'portal_team';

/** The listening connections' name in `pg_stat_activity`. */
export const LISTENER_NAME = 'data-act-portal-listener';

/**
 * The barrier (see `sync`): an empty query. PostgreSQL hands a session's pending notifications over before
 * any ReadyForQuery of an idle session, an empty query's included, and node-postgres has no row to parse
 * for it: about a third of `SELECT 1`'s CPU in this process (decision 0126).
 */
export const BARRIER_SQL = '';
/**
 * While calls keep coming, a barrier is sent at most every this many milliseconds per database (decision
 * 0148): each barrier was sent as soon as the one before answered, so an instance sent about one per
 * round trip whatever its share of the calls, and two instances sharing a load sent about twice the
 * barriers of one. Spaced, each covers the calls of its 2 ms on every instance alike.
 */
export const BARRIER_GAP_MS = 2;

/** This process, so that an instance can tell its own messages from the others'. */
export const INSTANCE_ID = randomUUID();

export interface TeamMessage {
  kind: string;
  /** The instance that sent it (absent on messages the database sends itself: db/data-changes.ts). */
  from?: string;
  [field: string]: unknown;
}

/**
 * Sends a message to every instance listening on the database (including this one, which ignores it,
 * unless `self`: then it is sent without its sender and this instance receives it too).
 */
export async function notifyTeam(
  prisma: { $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number> },
  message: Omit<TeamMessage, 'from'>,
  options: { self?: boolean } = {},
): Promise<void> {
  const payload = JSON.stringify(options.self ? message : { ...message, from: INSTANCE_ID });
  // pg_notify answers void, which a query cannot read back: run it as a statement.
  await prisma.$executeRaw`SELECT pg_notify(${TEAM_CHANNEL}, ${payload})`;
}

export interface TeamListenerOptions {
  /** A message from another instance (or from the database). */
  onMessage(message: TeamMessage): void;
  /** After each connection (the first and every reconnection): read what may have been missed. */
  onConnected(): Promise<void>;
  /** The listening connection was lost (a reconnection follows by itself). */
  onLost?(): void;
  onError(error: Error): void;
  /** First wait before reconnecting, doubled up to 5 s (default 250 ms; the first listener's counts). */
  retryMs?: number;
}

export interface TeamListener {
  /** Resolves once listening (or after the first failure, when the listener keeps retrying). */
  ready: Promise<void>;
  /**
   * Resolves true once every message committed before this call has been handed to `onMessage`, false
   * when the listening connection is not up (then nothing can be said about missed messages). With
   * `since` (a `performance.now()` reading, such as a request's arrival), every message committed before
   * that moment is enough: a barrier begun since then serves, so one barrier serves a whole request.
   */
  sync(since?: number): Promise<boolean>;
  close(): Promise<void>;
}

interface Subscriber {
  options: TeamListenerOptions;
  markReady(): void;
}

interface Channel {
  subscribers: Set<Subscriber>;
  /** True from LISTEN's answer until the connection is lost. */
  live: boolean;
  /** At least one connection attempt has ended (listening or failed). */
  tried: boolean;
  sync(since?: number): Promise<boolean>;
  close(): Promise<void>;
}

const channels = new Map<string, Channel>();

/** One database: the same server, port, user and database name however the URL spells them. */
function databaseKey(databaseUrl: string): string {
  const { host, port, user, database } = postgresPoolConfig(databaseUrl);
  return JSON.stringify([host, port ?? 5432, user, database]);
}

function connectedAll(channel: Channel): Promise<void> {
  return Promise.all(
    [...channel.subscribers].map((subscriber) =>
      subscriber.options
        .onConnected()
        .catch((error: unknown) => subscriber.options.onError(error as Error))
        .finally(subscriber.markReady),
    ),
  ).then(() => undefined);
}

/**
 * Holds the channel's connection (LISTEN needs one connection held, not a pooled one) and reconnects
 * by itself, with a growing wait, when the connection or the database goes.
 */
function openChannel(databaseUrl: string, firstRetryMs: number): Channel {
  let retryMs = firstRetryMs;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  /** When the running barrier, or the last one, was sent (performance.now()). */
  let runningFrom = Number.NEGATIVE_INFINITY;
  /** The next barrier, not sent yet: it serves every call made before it goes out. */
  let upcoming: { promise: Promise<boolean>; resolve(synced: boolean): void } | undefined;
  /** When the newest barrier completed on the live connection was sent; reset by every (re)connection. */
  let syncedFrom = Number.NEGATIVE_INFINITY;
  const settled = Promise.resolve(true);

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };

  const channel: Channel = {
    subscribers: new Set(),
    live: false,
    tried: false,
    // A query on the listening connection is a barrier: PostgreSQL signals every listening session
    // when a notifying transaction commits (before its writer hears of the commit) and a session hands
    // its pending notifications over before it reports a query done. A call that only needs the
    // messages committed before `since` takes a barrier sent since then: the last one completed, or the
    // one running; any other call waits for the upcoming one, which is sent at the end of the event
    // loop's turn (setImmediate), once no barrier runs: every call made in that turn (every request
    // read from the sockets in it) shares it, where a barrier sent at the first call's moment served
    // that call only and the calls after it in the same turn waited for another one (decision 0126).
    sync(since) {
      if (since !== undefined && channel.live && syncedFrom >= since) return settled;
      if (running && since !== undefined && runningFrom >= since) return running;
      if (!upcoming) {
        let resolve: (synced: boolean) => void = () => undefined;
        const promise = new Promise<boolean>((settle) => {
          resolve = settle;
        });
        upcoming = { promise, resolve };
        if (!running) setImmediate(sendUpcoming);
      }
      return upcoming.promise;
    },
    async close() {
      closed = true;
      channel.live = false;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };

  /**
   * Once a barrier answered, the upcoming one leaves at the end of this turn of the event loop, or once
   * `BARRIER_GAP_MS` have passed since the last one was sent (decision 0148). A call while none runs sends
   * it at the end of its turn, as before.
   */
  function scheduleUpcoming(): void {
    const wait = BARRIER_GAP_MS - (performance.now() - runningFrom);
    if (wait > 0) setTimeout(sendUpcoming, wait);
    else setImmediate(sendUpcoming);
  }

  /** Sends the barrier the calls since the last one wait for (at the end of an event-loop turn). */
  function sendUpcoming(): void {
    const waiting = upcoming;
    if (!waiting || running) return;
    upcoming = undefined;
    void barrier().then(waiting.resolve);
  }

  function barrier(): Promise<boolean> {
    const on = client;
    const from = performance.now();
    const done = (async () => {
      if (!channel.live || !on) return false;
      try {
        await on.query(BARRIER_SQL);
        const synced = channel.live && client === on;
        if (synced && from > syncedFrom) syncedFrom = from;
        return synced;
      } catch {
        return false;
      }
    })().finally(() => {
      if (running !== done) return;
      running = undefined;
      if (upcoming) scheduleUpcoming();
    });
    running = done;
    runningFrom = from;
    return done;
  }

  async function connect(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const next = new pgModule.Client({
      ...postgresPoolConfig(databaseUrl),
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    client = next;
    // Messages may have been missed since the last barrier's connection went: none counts any more.
    syncedFrom = Number.NEGATIVE_INFINITY;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      const wasLive = channel.live;
      channel.live = false;
      for (const { options } of channel.subscribers) {
        if (error && !closed) options.onError(error);
        if (wasLive) options.onLost?.();
      }
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (notification) => {
      if (notification.channel !== TEAM_CHANNEL || !notification.payload) return;
      let message: TeamMessage;
      try {
        message = JSON.parse(notification.payload) as TeamMessage;
      } catch (error) {
        for (const { options } of channel.subscribers) options.onError(error as Error);
        return;
      }
      if (message.from === INSTANCE_ID) return;
      for (const { options } of channel.subscribers) options.onMessage(message);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${TEAM_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      retryMs = firstRetryMs;
      channel.live = !lost;
      channel.tried = true;
      await connectedAll(channel);
    } catch (error) {
      channel.tried = true;
      onLost(error as Error);
      for (const subscriber of channel.subscribers) subscriber.markReady();
    }
  }

  void connect();
  return channel;
}

/**
 * Listens on the team channel of the database at `databaseUrl`, on the connection this process holds
 * there (opened with the first listener, ended with the last).
 */
export function listenToTeam(databaseUrl: string, options: TeamListenerOptions): TeamListener {
  const key = databaseKey(databaseUrl);
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const subscriber: Subscriber = { options, markReady: () => markReady() };
  let channel = channels.get(key);
  if (channel) {
    channel.subscribers.add(subscriber);
    // Joining a channel already up (or already retrying): catch up now, as after a connection.
    if (channel.live) {
      options
        .onConnected()
        .catch((error: unknown) => options.onError(error as Error))
        .finally(markReady);
    } else if (channel.tried) markReady();
  } else {
    channel = openChannel(databaseUrl, options.retryMs ?? 250);
    channel.subscribers.add(subscriber);
    channels.set(key, channel);
  }
  const joined = channel;
  let left = false;
  return {
    ready,
    sync: (since) => (left ? Promise.resolve(false) : joined.sync(since)),
    async close() {
      if (left) return;
      left = true;
      joined.subscribers.delete(subscriber);
      markReady();
      if (joined.subscribers.size > 0) return;
      if (channels.get(key) === joined) channels.delete(key);
      await joined.close();
    },
  };
}
