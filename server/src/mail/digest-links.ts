/**
 * The links of a digest mail (issue #14) and the HMAC that signs its unsubscribe link. The link is
 * `{PUBLIC_URL}/api/digest/unsubscribe?id={id}&token={HMAC}`: a mail client's one-click POST (RFC
 * 8058) ends the subscription with nothing but the link, no cookie or session, and nobody can make
 * one for a subscription without the server's secret. The token names the subscription's id only;
 * ids are never reused, so a link stops mattering when its subscription is gone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '@nordlys/sdk/routes';
import { siteOrigin } from '../accounts/origin';
import type { Config } from '../config';

/** What the links are made from: the public URL, and the secret the HMAC key derives from. */
export type DigestLinkConfig = Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'secretKey' | 'captcha'>>;

/** The API path of the unsubscribe link (List-Unsubscribe); the site's page lives at paths.digestUnsubscribe. */
export const UNSUBSCRIBE_API_PATH = '/api/digest/unsubscribe';

/**
 * The HMAC key of the unsubscribe links: derived from SECRET_KEY (else ALTCHA_HMAC_KEY) with a fixed
 * label, so the secret itself signs nothing. Production requires one of the two (config.ts), so every
 * instance and the worker sign alike. In development without either, a key derived from the public
 * URL: stable across restarts and between the server and `npm run worker`, and worthless in production,
 * where it is never used.
 */
export function digestLinkKey(config: DigestLinkConfig): Buffer {
  const secret = config.secretKey ?? config.captcha?.altchaHmacKey ?? `nordlys development key for ${config.publicUrl}`;
  return createHmac('sha256', secret).update('nordlys digest unsubscribe links').digest();
}

/** The token of subscription `id`'s unsubscribe link: base64url HMAC-SHA256, 43 characters. */
export function unsubscribeToken(key: Buffer, id: number): string {
  return createHmac('sha256', key).update(`digest:${id}`).digest('base64url');
}

/** Whether `token` is subscription `id`'s (in constant time). */
export function isUnsubscribeToken(key: Buffer, id: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(key, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Every absolute link a digest mail holds for one subscription. */
export interface DigestLinks {
  /** A job's page, counted on the surface 'digest' (the view, and the apply click made there). */
  job(id: number): string;
  /** The subscription's settings page (its settingsKey is the secret). */
  manage: string;
  /** The site's unsubscribe page: a button that POSTs (mail scanners follow GET links). */
  unsubscribePage: string;
  /** The List-Unsubscribe URL: POST with the one-click body ends the subscription; GET redirects to the page. */
  unsubscribeApi: string;
}

export function digestLinks(config: DigestLinkConfig, subscription: { id: number; settingsKey: string }, key: Buffer = digestLinkKey(config)): DigestLinks {
  const origin = siteOrigin(config);
  const query = { id: String(subscription.id), token: unsubscribeToken(key, subscription.id) };
  return {
    job: (id) => `${origin}${paths.job(id)}?surface=digest`,
    manage: `${origin}${paths.digestManage(subscription.settingsKey)}`,
    unsubscribePage: `${origin}${paths.digestUnsubscribe(query)}`,
    unsubscribeApi: `${origin}${UNSUBSCRIBE_API_PATH}?${new URLSearchParams(query)}`,
  };
}

/** A confirmation mail's link (double opt-in). */
export function digestConfirmLink(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${siteOrigin(config)}${paths.digestConfirm(token)}`;
}
