/**
 * GET /images/{size}/{path} (issue #11): one size of a stored image, from the image store. A path
 * never changes its bytes (a new upload gets a new path), so answers are cached for a year as
 * immutable, with a strong ETag for the revalidations that still happen.
 */
import { Hono } from 'hono';
import { IMAGE_SIZES, type ImageSize } from '@nordlys/sdk/constants';
import type { ImageStore } from './store';

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const IMAGE_POLICY = "default-src 'none'; sandbox";

const isSize = (size: string): size is ImageSize => Object.hasOwn(IMAGE_SIZES, size);
/** Stored paths (image-store newImagePath, the demo seed): lower-case words and slashes, no dot segments. */
const PATH = /^[a-z0-9][a-z0-9/_.-]{0,199}$/;

/** True when the If-None-Match header names `etag` (or is '*'). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export function imagesRouter(store: ImageStore) {
  return new Hono().get('/images/:size/:path{.+}', async (c) => {
    const { size, path } = c.req.param();
    const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
    if (!isSize(size) || !PATH.test(path) || path.includes('..')) return notFound();
    const file = await store.get(path, size);
    if (!file) return notFound();
    const headers = {
      'Cache-Control': IMAGE_CACHE_CONTROL,
      ETag: file.etag,
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      // An image opened on its own is never a document that runs anything.
      'Content-Security-Policy': IMAGE_POLICY,
    };
    if (matches(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, headers);
    return c.body(new Uint8Array(file.bytes), 200, { ...headers, 'Content-Type': file.contentType, 'Content-Length': String(file.bytes.byteLength) });
  });
}
