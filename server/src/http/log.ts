/**
 * One log line per request, once it is answered: method, path, status, time and request id. Text for
 * people in development, one JSON object per line in production for a log collector.
 */
import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';

export type RequestLogFormat = 'text' | 'json';

export interface RequestLogOptions {
  format?: RequestLogFormat;
  write?: (line: string) => void;
}

/** The header that carries the request id, in and out; a proxy's id is kept so logs of both sides join. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
// A client-sent id goes into logs: only short, plain ones are taken.
const ACCEPTED_ID = /^[\w.:-]{1,128}$/;

/** The id of a request: the client's (a proxy's) when it is short and plain, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

/** One answered request's line. `path` is without its query: a query may carry a reset or verification key, which has no place in a log. */
export function logLine(format: RequestLogFormat, { method, path, status, ms, requestId }: { method: string; path: string; status: number; ms: number; requestId: string }): string {
  return format === 'json'
    ? JSON.stringify({ time: new Date().toISOString(), method, path, status, ms, requestId })
    : `${method} ${path} ${status} ${ms.toFixed(1)} ms ${requestId}`;
}

/**
 * The lines of one turn of the event loop written at once, to standard output. A busy server answers
 * tens of thousands of requests a second; a write per line made logging the costliest part of serving
 * a cached answer. Lines still waiting when the process exits are written before it does.
 */
export function lineWriter(fd = 1): (line: string) => void {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = `${lines.join('\n')}\n`;
    lines = [];
    try {
      writeSync(fd, text);
    } catch {
      // A closed or full pipe: the log is lost, the server goes on serving.
    }
  };
  process.once('exit', flush);
  return (line) => {
    if (lines.push(line) === 1) setImmediate(flush);
  };
}

export function requestLog({ format = 'text', write = console.log }: RequestLogOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    try {
      await next();
    } finally {
      // The error handler has answered by now, even for a throwing route; c.header copies an immutable response.
      // A route that wrote to the socket itself (the development identity provider) has no headers left to set.
      if (c.res !== RESPONSE_ALREADY_SENT) c.header(REQUEST_ID_HEADER, requestId);
      const ms = Number((performance.now() - started).toFixed(1));
      write(logLine(format, { method: c.req.method, path: c.req.path, status: c.res.status, ms, requestId }));
    }
  };
}
