import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from '../errors';
import { clientIp } from './client-ip';
import { isHttps, requestOrigin, sameOriginWrites, siteOrigin } from './origin';

function app(publicUrl = 'http://localhost:3000', trustProxy = true) {
  return new Hono()
    .use(sameOriginWrites({ publicUrl, trustProxy }))
    .all('/x', (c) =>
      c.json({ https: isHttps(c), origin: requestOrigin(c), site: siteOrigin({ publicUrl }), ip: clientIp(c, c.req.query('trust') === '1') }),
    )
    .onError(handleError);
}

describe('sameOriginWrites', () => {
  const post = (headers: Record<string, string>, url = 'http://localhost/x', publicUrl?: string) =>
    app(publicUrl).request(url, { method: 'POST', headers });

  it("refuses a write from another origin with 403 'Cross-site request refused'", async () => {
    const res = await post({ Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Cross-site request refused', code: 'E_FORBIDDEN' });
    expect((await post({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await app().request('http://localhost/x', { method, headers: { Origin: 'https://evil.example' } })).status, method).toBe(403);
    }
  });

  it('allows its own origin, the public URL, a proxied https origin, and requests without either header', async () => {
    expect((await post({ Origin: 'http://localhost' })).status).toBe(200);
    expect((await post({ Origin: 'https://nordlys.example' }, 'http://localhost/x', 'https://nordlys.example/')).status).toBe(200);
    expect((await post({ Origin: 'https://nordlys.example', Host: 'nordlys.example', 'X-Forwarded-Proto': 'https' }, 'http://10.0.0.5:3000/x')).status).toBe(200);
    expect((await post({})).status).toBe(200);
    expect((await post({ 'Sec-Fetch-Site': 'same-site' })).status).toBe(200);
    expect((await app().request('http://localhost/x', { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('request origin and client address', () => {
  it('reads HTTPS from the URL or, behind a trusted proxy, X-Forwarded-Proto; links always come from the public URL', async () => {
    const plain = await (await app().request('http://localhost:3000/x')).json();
    expect(plain).toMatchObject({ https: false, origin: 'http://localhost:3000', site: 'http://localhost:3000' });
    const proxied = await (await app('https://nordlys.example').request('http://internal:3000/x', { headers: { 'X-Forwarded-Proto': 'https', Host: 'www.nordlys.example' } })).json();
    expect(proxied).toMatchObject({ https: true, origin: 'https://www.nordlys.example', site: 'https://nordlys.example' });
    expect((await (await app().request('https://localhost:3000/x')).json()).https).toBe(true);
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY, and never takes a link from the Host header', async () => {
    const res = await app('https://nordlys.example', false).request('http://internal:3000/x', { headers: { 'X-Forwarded-Proto': 'https', Host: 'evil.test' } });
    expect(await res.json()).toMatchObject({ https: false, origin: 'http://evil.test', site: 'https://nordlys.example' });
    // A forged scheme does not make a cross-site Origin look like our own either.
    const post = await app('https://nordlys.example', false).request('http://internal:3000/x', {
      method: 'POST',
      headers: { 'X-Forwarded-Proto': 'https', Host: 'internal:3000', Origin: 'https://internal:3000' },
    });
    expect(post.status).toBe(403);
  });

  it('takes the origin for links from the public URL alone (config.ts requires one in production)', () => {
    expect(siteOrigin({ publicUrl: 'https://nordlys.dk/' })).toBe('https://nordlys.dk');
  });

  it("gives a custom domain PUBLIC_URL's scheme and port: https in production, the dev server's http and port in development (issue #32)", () => {
    expect(siteOrigin({ publicUrl: 'https://nordlys.dk' }, 'careers.northwind.dk')).toBe('https://careers.northwind.dk');
    expect(siteOrigin({ publicUrl: 'https://nordlys.dk:8443' }, 'careers.northwind.dk')).toBe('https://careers.northwind.dk:8443');
    expect(siteOrigin({ publicUrl: 'http://localhost:3000' }, 'careers.northwind.test')).toBe('http://careers.northwind.test:3000');
  });

  it("takes X-Forwarded-For's first entry only behind a trusted proxy, else the socket ('unknown' without one)", async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' };
    expect((await (await app().request('http://localhost/x?trust=1', { headers })).json()).ip).toBe('203.0.113.7');
    expect((await (await app().request('http://localhost/x', { headers })).json()).ip).toBe('unknown');
    const viaSocket = await app().request('http://localhost/x', { headers }, { incoming: { socket: { remoteAddress: '198.51.100.2' } } });
    expect((await viaSocket.json()).ip).toBe('198.51.100.2');
  });
});
