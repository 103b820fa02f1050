/** Tells "the database is down or restarting" apart from every other failure, so callers answer 503 and retry instead of crashing. */

/** Seconds a client should wait before asking again during an outage (the Retry-After of a 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a lost or refused connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server going away or not taking connections: class 08 (connection exception),
 * 57P01 admin_shutdown (a restart or pg_terminate_backend), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up), 53300 too_many_connections.
 */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;
/** node-postgres says these in words only. */
const MESSAGES = /Connection terminated|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `error` (or what it wraps: drizzle's DrizzleQueryError keeps the driver's error as
 * `cause`, Node's dual-stack connect an AggregateError) says the database cannot be reached.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** pg-pool's words when no connection came free within connectionTimeoutMillis: every one is in use. */
const POOL_WAIT = /timeout exceeded when trying to connect/i;

/**
 * True when `error` says the pool had no free connection in time (issue #33): the database is up
 * but busy, which answers 503 E_OVERLOADED rather than "database unavailable".
 */
export function isDatabaseBusy(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { message, cause } = error as { message?: unknown; cause?: unknown };
  if (typeof message === 'string' && POOL_WAIT.test(message)) return true;
  return isDatabaseBusy(cause, depth + 1);
}

/** A short reason for a log line, e.g. "connect ECONNREFUSED 127.0.0.1:5432" or "57P01 terminating connection due to administrator command". */
export function describeDatabaseError(error: unknown, depth = 0): string {
  if (!error || typeof error !== 'object' || depth > 5) return String(error);
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  // drizzle's wrapper message is the SQL; the driver's error below it says what happened.
  if (cause && typeof message === 'string' && message.startsWith('Failed query')) return describeDatabaseError(cause, depth + 1);
  const text = typeof message === 'string' ? message : '';
  if (typeof code !== 'string' || text.includes(code)) return text || 'unknown error';
  return text ? `${code} ${text}` : code;
}
