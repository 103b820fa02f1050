import { describe, expect, it } from 'vitest';
import { callbackPage } from './callback-page';
import { runCallbackScript } from './test-support';

const ORIGIN = 'https://nordlys.dk';

describe('callbackPage', () => {
  it('posts the envelope to its opener with its own origin as target, then closes', () => {
    const message = { type: 'nordlys:authorization' as const, accessToken: 'tok-123', expiresIn: 5184000 };
    const { html, headers } = callbackPage(message, 'LinkedIn');
    const run = runCallbackScript(html, { origin: ORIGIN });
    expect(run.posted).toEqual([{ message, targetOrigin: ORIGIN }]);
    expect(run.closed).toBe(true);
    expect(headers['Content-Security-Policy']).toBe(`default-src 'none'; script-src 'nonce-${run.nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    expect(headers['Cache-Control']).toBe('no-store');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
  });

  it('uses a new nonce for every page', () => {
    const message = { type: 'nordlys:authorization' as const, error: 'x' };
    const nonces = new Set([1, 2, 3].map(() => runCallbackScript(callbackPage(message, 'LinkedIn').html, { origin: ORIGIN }).nonce));
    expect(nonces.size).toBe(3);
  });

  it('says the window can be closed, and posts nothing, when there is no opener', () => {
    const { html } = callbackPage({ type: 'nordlys:authorization', error: 'user_cancelled_login' }, 'LinkedIn');
    const run = runCallbackScript(html, { origin: ORIGIN, withOpener: false });
    expect(run.posted).toEqual([]);
    expect(run.closed).toBe(false);
    expect(html).toContain('<p>Sign-in was cancelled.</p>');
    expect(html).toContain('<p>You can close this window.</p>');
  });

  it('escapes what the provider said, in the text and in the script, and still posts it unchanged', () => {
    const hostile = `</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quotes" \u2028 line`;
    const message = { type: 'nordlys:authorization' as const, error: 'server_error', errorDescription: hostile };
    const { html } = callbackPage(message, 'Linked<In>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).toContain('Sign-in with Linked&#60;In&#62; did not work: &#60;/script&#62;&#60;script&#62;alert(1)');
    expect(html).toContain('<title>Linked&#60;In&#62; sign-in</title>');
    const run = runCallbackScript(html, { origin: ORIGIN });
    expect(run.posted).toEqual([{ message, targetOrigin: ORIGIN }]);
  });
});
