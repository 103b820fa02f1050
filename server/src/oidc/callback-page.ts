/** The page that ends the provider popup: it posts the sdk's authorization envelope to its opener and closes. */
import { randomBytes } from 'node:crypto';
import type { AuthorizationMessage } from '@nordlys/sdk/popup-auth';

/** HTML-escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON that is safe inside an inline <script>: nothing in it can close the element or start markup. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A fresh CSP nonce: 128 random bits. */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The callback page and its headers: posts `message` to `window.opener` with its own origin as
 * target (never '*'), then closes; without an opener it just says the window can be closed.
 * The only script carries a CSP nonce; nothing else may run.
 */
export function callbackPage(message: AuthorizationMessage, providerName: string): { html: string; headers: Record<string, string> } {
  const nonce = cspNonce();
  const lead =
    'accessToken' in message
      ? `You are signed in with ${providerName}.`
      : message.error === 'user_cancelled_login' || message.error === 'user_cancelled_authorize'
        ? 'Sign-in was cancelled.'
        : `Sign-in with ${providerName} did not work: ${message.errorDescription || message.error}`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${providerName} sign-in`)}</title>
</head>
<body>
<p>${escapeHtml(lead)}</p>
<p>You can close this window.</p>
<script nonce="${nonce}">
(function () {
  var message = ${jsonForScript(message)};
  var opener = window.opener;
  if (opener && opener !== window) {
    opener.postMessage(message, window.location.origin);
    window.close();
  }
})();
</script>
</body>
</html>
`;
  return {
    html,
    headers: {
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      // The callback URL carries the authorization code: never send it on.
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}
