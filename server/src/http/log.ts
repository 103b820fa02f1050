/** One log line per request, once it is answered: method, path, status and time. */
import type { MiddlewareHandler } from 'hono';

export function requestLog(write: (line: string) => void = console.log): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    write(`${c.req.method} ${c.req.path}${new URL(c.req.url).search} ${c.res.status} ${ms} ms`);
  };
}
