// Whether an error means "the database cannot be reached right now" (PostgreSQL stopped, restarting,
// out of connections, the network cut) rather than a bug: such calls answer 503 SERVICE_UNAVAILABLE
// with Retry-After, and the pool reconnects by itself once the database is back. Errors arrive in
// several wrappings: Prisma's (P1001…, or a driver adapter error kind), pg's (SQLSTATE classes 08 and
// 57P, 53300) and Node's socket codes, possibly nested as `cause` or inside an AggregateError.

/** Seconds a client is told to wait: about what a database restart or fail-over takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'DatabaseAccessDenied',
]);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is connection_exception.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 6 || error === null || typeof error !== 'object') return false;
  const { code, kind, message, cause, errors, meta, originalCode } = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    meta?: { driverAdapterError?: unknown };
    originalCode?: unknown;
  };
  if (typeof code === 'string') {
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08\d{3}$/.test(code)) {
      return true;
    }
  }
  if (typeof originalCode === 'string' && (SQLSTATES.has(originalCode) || /^08\d{3}$/.test(originalCode)))
    return true;
  if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  const inner = [cause, meta?.driverAdapterError, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((nested) => isDatabaseUnavailable(nested, depth + 1));
}
