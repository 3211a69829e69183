// Whether an error means "the database cannot be reached right now" (PostgreSQL stopped, restarting,
// out of connections, the network cut) or "it is too busy to finish this call in time" (a transaction
// that could not start or finish within its limits, a write conflict, a lock held elsewhere) rather
// than a bug: such calls answer 503 SERVICE_UNAVAILABLE with Retry-After, nothing was written (the
// transaction rolled back), and the pool reconnects by itself once the database is back. Errors arrive in
// several wrappings: Prisma's (P1001…, or a driver adapter error kind), pg's (SQLSTATE classes 08 and
// 57P, 53300) and Node's socket codes, possibly nested as `cause` or inside an AggregateError.

/** Seconds a client is told to wait: about what a database restart or fail-over takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Seconds a client is told to wait when the database was only busy: the next try usually goes through. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

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

// P2028: a transaction that could not start within `maxWait` or ran past its `timeout` (Prisma's other
// P2028 messages, a transaction used after it ended, are bugs and stay 500); P2034: a write conflict or
// deadlock. PostgreSQL: serialization_failure, deadlock_detected, lock_not_available, query_canceled
// (a statement timeout). SQLite: the file stayed locked by another connection past the busy timeout.
const BUSY_TRANSACTION = /Unable to start a transaction in the given time|expired transaction/i;
const BUSY_SQLSTATES = new Set(['40001', '40P01', '55P03', '57014']);
const BUSY_SQLITE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_TIMEOUT',
  'SQLITE_LOCKED',
]);

export function isDatabaseBusy(error: unknown, depth = 0): boolean {
  if (depth > 6 || error === null || typeof error !== 'object') return false;
  const { code, kind, message, cause, meta, originalCode } = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown; timeout?: unknown };
    originalCode?: unknown;
  };
  if (code === 'P2034' || kind === 'TransactionWriteConflict') return true;
  if (code === 'P2028') {
    return (typeof message === 'string' && BUSY_TRANSACTION.test(message)) || meta?.timeout !== undefined;
  }
  for (const value of [code, originalCode]) {
    if (typeof value === 'string' && (BUSY_SQLSTATES.has(value) || BUSY_SQLITE_CODES.has(value))) return true;
  }
  return [cause, meta?.driverAdapterError].some((nested) => isDatabaseBusy(nested, depth + 1));
}
