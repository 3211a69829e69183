import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { redactUrl } from './redact.ts';

/**
 * Pino options for the server. Writes go through an asynchronous destination: under load, lines that
 * arrive while a write is pending leave in one system call instead of one each (pino flushes it at
 * exit). Cookies, authorisation headers and codes in URLs are never logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const destination = stream ?? (level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false }));
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request) => ({ id: request.id, method: request.method, url: redactUrl(request.url) }),
    },
  };
}

type Bindings = Record<string, unknown>;
type ChildOptions = { level?: string };

/**
 * A request's logger (`request.log`) that becomes pino's child logger on its first line. Fastify makes
 * one child per request; pino's child copies the bindings into a JSON prefix at once, a few percent of
 * a hot read's CPU (decision 0080), though most requests never log a line. Levels answer without it.
 */
class RequestLogger {
  #real: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }
  #logger(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }
  get level(): string {
    return this.#real?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  isLevelEnabled(level: string): boolean {
    const values = pino.levels.values;
    return (values[level] ?? Number.POSITIVE_INFINITY) >= (values[this.level] ?? Number.POSITIVE_INFINITY);
  }
  bindings(): Bindings {
    return { ...(this.#parent as unknown as pino.Logger).bindings(), ...this.#bindings };
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
  fatal: pino.LogFn = (...line: Parameters<pino.LogFn>) => this.#line('fatal', line);
  error: pino.LogFn = (...line: Parameters<pino.LogFn>) => this.#line('error', line);
  warn: pino.LogFn = (...line: Parameters<pino.LogFn>) => this.#line('warn', line);
  info: pino.LogFn = (...line: Parameters<pino.LogFn>) => this.#line('info', line);
  debug: pino.LogFn = (...line: Parameters<pino.LogFn>) => this.#line('debug', line);
  trace: pino.LogFn = (...line: Parameters<pino.LogFn>) => this.#line('trace', line);
  silent: pino.LogFn = () => undefined;
  #line(level: pino.Level, line: Parameters<pino.LogFn>): void {
    // Below the level nothing is made: the filtered line costs a comparison.
    if (!this.#real && !this.isLevelEnabled(level)) return;
    (this.#logger()[level] as (...args: unknown[]) => void)(...line);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger made only when it writes (RequestLogger). */
export function requestLoggerFactory(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

// An answer this slow is worth an operator's attention even when it succeeded.
const slowMs = 1_000;
const debugValue = pino.levels.values.debug as number;

/**
 * One line per answered request (Fastify's own request logging writes two: incoming and completed;
 * it is switched off with `LogController({ disableRequestLogging })`). At `info`, only what an
 * operator acts on: errors (4xx, 5xx) and slow answers; every answer at `debug`. A line per hot read
 * was the largest cost left in its profile (decision 0030). Flat fields only: pino writes strings and
 * numbers directly, nested objects go through its generic serialiser. The request id comes with
 * `request.log`.
 */
async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const elapsed = reply.elapsedTime;
    const notable = statusCode >= 400 || elapsed >= slowMs;
    if (notable || (pino.levels.values[request.log.level] ?? Number.POSITIVE_INFINITY) <= debugValue) {
      request.log[notable ? 'info' : 'debug'](
        {
          method: request.method,
          url: redactUrl(request.url),
          statusCode,
          responseTime: Math.round(elapsed * 10) / 10,
        },
        'request completed',
      );
    }
    done();
  });
}

export const requestLogPlugin = fp(requestLog, { name: 'request-log', fastify: '5.x' });
