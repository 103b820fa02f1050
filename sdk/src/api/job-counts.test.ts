/** Issue #12: the job counts the site sends (apply clicks, views of navigations inside the site). */
import { describe, expect, it } from 'vitest';
import { createApi } from './index';

interface Sent {
  method: string;
  path: string;
  body: string;
  keepalive: boolean;
}

function recorder() {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.clone().text(), keepalive: request.keepalive });
    return new Response(null, { status: 204 });
  };
  return { sent, api: createApi({ baseUrl: 'http://nordlys.test/api/', fetch }) };
}

describe('jobs.applyClick and jobs.view', () => {
  it('posts the apply click with its surface (the site by default), kept alive past leaving the page', async () => {
    const { sent, api } = recorder();
    await expect(api.jobs.applyClick(7)).resolves.toBeUndefined();
    await api.jobs.applyClick(7, 'feed:3');
    expect(sent).toEqual([
      { method: 'POST', path: '/api/jobs/7/apply-click', body: '{"surface":"site"}', keepalive: true },
      { method: 'POST', path: '/api/jobs/7/apply-click', body: '{"surface":"feed:3"}', keepalive: true },
    ]);
  });

  it('posts a view without a body', async () => {
    const { sent, api } = recorder();
    await expect(api.jobs.view(7)).resolves.toBeUndefined();
    expect(sent).toEqual([{ method: 'POST', path: '/api/jobs/7/view', body: '', keepalive: false }]);
  });
});
