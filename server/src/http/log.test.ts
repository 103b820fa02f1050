import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestLog } from './log';

describe('the request log', () => {
  it('writes exactly one line per request, with method, path, query, status and time', async () => {
    const lines: string[] = [];
    const app = new Hono().use(requestLog((line) => lines.push(line))).get('/jobs', (c) => c.text('ok')).get('/gone', (c) => c.text('no', 404));
    await app.request('/jobs?countryCode=DK');
    await app.request('/gone');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/jobs\?countryCode=DK 200 \d+\.\d ms$/);
    expect(lines[1]).toMatch(/^GET \/gone 404 \d+\.\d ms$/);
  });
});
