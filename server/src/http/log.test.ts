import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { lineWriter, requestLog } from './log';

function appLogging(format: 'text' | 'json') {
  const lines: string[] = [];
  const app = new Hono()
    .use(requestLog({ format, write: (line) => lines.push(line) }))
    .get('/jobs', (c) => c.text('ok'))
    .get('/gone', (c) => c.text('no', 404))
    .get('/boom', () => {
      throw new Error('boom');
    })
    .onError((_error, c) => c.text('failed', 500));
  return { app, lines };
}

describe('the request log', () => {
  it('writes exactly one line per request, with method, path, status, time and request id, and never the query', async () => {
    const { app, lines } = appLogging('text');
    const res = await app.request('/jobs?email-verification-key=secret');
    await app.request('/gone');
    expect(lines).toHaveLength(2);
    // A query may carry a reset or verification key: it stays out of the log.
    expect(lines[0]).toMatch(/^GET \/jobs 200 \d+\.\d ms [\da-f-]{36}$/);
    expect(lines[0]).toContain(res.headers.get('x-request-id'));
    expect(lines[1]).toMatch(/^GET \/gone 404 \d+\.\d ms /);
  });

  it('writes one JSON object per line in production, for failed requests too, keeping a proxy id', async () => {
    const { app, lines } = appLogging('json');
    const res = await app.request('/boom?x=1', { headers: { 'X-Request-Id': 'lb-42.7' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('lb-42.7');
    await app.request('/jobs', { headers: { 'X-Request-Id': '"id" with spaces' } });
    expect(lines).toHaveLength(2);
    const [failed, ok] = lines.map((line) => JSON.parse(line));
    expect(failed).toMatchObject({ method: 'GET', path: '/boom', status: 500, requestId: 'lb-42.7' });
    expect(failed.ms).toBeTypeOf('number');
    expect(new Date(failed.time).getTime()).not.toBeNaN();
    // An id that is not short and plain is replaced, so a client cannot forge log content.
    expect(ok.requestId).toMatch(/^[\da-f-]{36}$/);
  });
});

describe('lineWriter', () => {
  it('writes the lines of one turn of the event loop at once, in order, and the next turn\'s apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nordlys-log-'));
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      const writes: string[] = [];
      const write = lineWriter(fd);
      write('first');
      write('second');
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((resolve) => setImmediate(resolve));
      writes.push(readFileSync(file, 'utf8'));
      write('third');
      await new Promise((resolve) => setImmediate(resolve));
      writes.push(readFileSync(file, 'utf8'));
      expect(writes).toEqual(['first\nsecond\n', 'first\nsecond\nthird\n']);
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
