/**
 * POST /api/upload/{type} and GET /images/{size}/{path} (issue #11), on every backend: who may
 * upload, what is refused (and that nothing is stored then), and how images are served.
 */
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, type ImageSize } from '@nordlys/sdk/constants';
import { UPLOAD_FIELD, type UploadAnswer } from '@nordlys/sdk/schemas';
import { imageFiles, images } from '../db/schema';
import { HTML, jpeg, PDF, png } from '../image-store/fixtures';
import { IMAGE_CACHE_CONTROL } from '../image-store/serve';
import { FJORD_VENTURES_KEY } from '../seed/investors';
import { NORTHWIND_KEY } from '../seed/companies';
import { backends } from '../testing/database';
import { useTestApp } from '../testing/app';
import { hitRateLimit, resetRateLimit } from '../accounts/rate-limit';
import { users } from '../db/schema';
import { UPLOAD_LIMIT, uploadsPerUser } from './upload';

const SIZES = Object.keys(IMAGE_SIZES) as ImageSize[];

describe.each(backends)('uploads on %s', (backend) => {
  const t = useTestApp(backend);

  const form = (bytes: Buffer, name: string, type = 'application/octet-stream') => {
    const body = new FormData();
    body.append(UPLOAD_FIELD, new File([new Uint8Array(bytes)], name, { type }));
    return body;
  };
  async function upload(path: string, body: BodyInit | FormData, cookie?: string) {
    const res = await t.request(path, { method: 'POST', body, headers: cookie ? { cookie } : {} });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  }
  const stored = async () => ({
    images: (await t.db.select({ n: count() }).from(images))[0]!.n,
    files: (await t.db.select({ n: count() }).from(imageFiles))[0]!.n,
  });

  it('stores a member\'s logo in the six sizes and answers its path and URLs', async () => {
    const cookie = await t.signIn('founder@nordlys.test');
    const res = await upload(`/api/upload/logo?company=${NORTHWIND_KEY}`, form(await png(640, 480), 'my logo.png', 'image/png'), cookie);
    expect(res.status).toBe(201);
    const answer = res.body as UploadAnswer;
    // Stable and unguessable, with no trace of the file's name.
    expect(answer.path).toMatch(/^\d{4}\/[0-9a-f]{32}$/);
    expect(answer.image).toEqual({ path: answer.path, sizes: Object.fromEntries(SIZES.map((s) => [s, `/images/${s}/${answer.path}`])) });

    const [row] = await t.db.select().from(images).where(eq(images.path, answer.path));
    expect(row).toMatchObject({ kind: 'logo', ownerKind: 'company', mimeType: 'image/webp', width: 640, height: 480 });
    expect(row!.ownerId).toBeGreaterThan(0);
    expect(row!.uploadedBy).toBeGreaterThan(0);
    const files = await t.db.select({ size: imageFiles.size, width: imageFiles.width, height: imageFiles.height }).from(imageFiles).where(eq(imageFiles.path, answer.path));
    expect(files.map((f) => f.size).sort()).toEqual([...SIZES].sort());

    // Served from the store: the exact sizes, cached for good.
    for (const size of SIZES) {
      const served = await t.request(answer.image!.sizes[size]);
      expect(served.status, size).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('access-control-allow-origin')).toBe('*');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      const box = IMAGE_SIZES[size];
      if (box.crop) expect([meta.width, meta.height], size).toEqual([box.width, box.height]);
      else expect([meta.width, meta.height], size).toEqual([640, 480]);
    }
  });

  it('serves with a strong ETag and answers 304 to If-None-Match; unknown sizes and paths are 404', async () => {
    const cookie = await t.signIn('investor@nordlys.test');
    const { body } = await upload(`/api/upload/cover?investor=${FJORD_VENTURES_KEY}`, form(await jpeg(1800, 1000), 'cover.jpg'), cookie);
    const url = (body as UploadAnswer).image!.sizes.cover;
    const first = await t.request(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await t.request(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
    expect(await again.text()).toBe('');
    expect((await t.request(url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    const path = (body as UploadAnswer).path;
    expect((await t.request(`/images/huge/${path}`)).status).toBe(404);
    expect((await t.request(`/images/thumbnail/2026/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await t.request('/images/thumbnail/../../etc/passwd')).status).toBe(404);
    expect((await t.request('/images/thumbnail/%2e%2e/secret')).status).toBe(404);
  });

  it('lets any signed-in user upload an image or a portrait of their own, without a profile', async () => {
    const cookie = await t.signIn('talent@nordlys.test');
    for (const type of ['image', 'portrait']) {
      const res = await upload(`/api/upload/${type}`, form(await jpeg(900, 1200), 'me.jpg'), cookie);
      expect(res.status, type).toBe(201);
      const [row] = await t.db.select().from(images).where(eq(images.path, res.body.path));
      expect(row).toMatchObject({ kind: type, ownerKind: null, ownerId: null });
    }
  });

  it('asks for sign-in (401), membership (403) and a known profile (404)', async () => {
    const before = await stored();
    const file = await png(100, 100);
    expect((await upload(`/api/upload/logo?company=${NORTHWIND_KEY}`, form(file, 'a.png'))).status).toBe(401);
    const talent = await t.signIn('talent@nordlys.test');
    const stranger = await upload(`/api/upload/logo?company=${NORTHWIND_KEY}`, form(file, 'a.png'), talent);
    expect(stranger).toMatchObject({ status: 403, body: { code: 'E_FORBIDDEN' } });
    const founder = await t.signIn('founder@nordlys.test');
    expect((await upload(`/api/upload/gallery?investor=${FJORD_VENTURES_KEY}`, form(file, 'a.png'), founder)).status).toBe(403);
    expect((await upload('/api/upload/logo?company=no-such-startup', form(file, 'a.png'), founder))).toMatchObject({ status: 404, body: { code: 'E_NOT_FOUND' } });
    // A profile's image names its profile.
    const ownerless = await upload('/api/upload/logo', form(file, 'a.png'), founder);
    expect(ownerless).toMatchObject({ status: 400, body: { code: 'E_VALIDATION' } });
    expect(ownerless.body.errors.company).toBeTruthy();
    expect((await upload(`/api/upload/logo?company=${NORTHWIND_KEY}&investor=${FJORD_VENTURES_KEY}`, form(file, 'a.png'), founder)).status).toBe(400);
    expect((await upload('/api/upload/banner', form(file, 'a.png'), founder)).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses a user over the hourly upload limit with 429 and Retry-After, before reading the file', async () => {
    const cookie = await t.signIn('founder@nordlys.test');
    const [founder] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'founder@nordlys.test'));
    for (let i = 0; i < UPLOAD_LIMIT.max; i++) await hitRateLimit(t.db, uploadsPerUser, String(founder!.id));
    const before = await stored();
    const res = await t.request(`/api/upload/logo?company=${NORTHWIND_KEY}`, { method: 'POST', body: form(await png(64, 64), 'a.png', 'image/png'), headers: { cookie } });
    // The other tests of this database upload as the founder too.
    await resetRateLimit(t.db, uploadsPerUser, String(founder!.id));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
    // Another user is not held back by the founder's uploads.
    const other = await upload('/api/upload/image', form(await png(64, 64), 'b.png', 'image/png'), await t.signIn('talent@nordlys.test'));
    expect(other.status).toBe(201);
  });

  it('lets an admin upload for any profile', async () => {
    const admin = await t.signIn('admin@nordlys.test');
    const res = await upload(`/api/upload/team?company=${NORTHWIND_KEY}`, form(await png(300, 300), 'face.png'), admin);
    expect(res.status).toBe(201);
  });

  it('refuses with clear codes and stores nothing: 11 MB, 50 megapixels, a PDF named .png, HTML named .jpg', async () => {
    const cookie = await t.signIn('founder@nordlys.test');
    const before = await stored();
    const url = `/api/upload/gallery?company=${NORTHWIND_KEY}`;

    const eleven = Buffer.concat([await jpeg(400, 300), Buffer.alloc(11 * 1024 * 1024)]);
    const tooBig = await upload(url, form(eleven, 'big.jpg', 'image/jpeg'), cookie);
    expect(tooBig).toMatchObject({ status: 413, body: { code: 'E_TOO_LARGE' } });
    expect(tooBig.body.message).toMatch(/at most 10 MB/);

    const fifty = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#345' } }).png({ compressionLevel: 9 }).toBuffer();
    const tooMany = await upload(url, form(fifty, 'wide.png', 'image/png'), cookie);
    expect(tooMany).toMatchObject({ status: 413, body: { code: 'E_TOO_LARGE' } });
    expect(tooMany.body.message).toMatch(/40 megapixels/);

    for (const [bytes, name, type] of [
      [PDF, 'cv.png', 'image/png'],
      [HTML, 'photo.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(url, form(bytes, name, type), cookie);
      expect(res, name).toMatchObject({ status: 415, body: { code: 'E_UNSUPPORTED_MEDIA' } });
      expect(res.body.message).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    }
    expect(await stored()).toEqual(before);
  });

  it('cuts off a body far over the limit with 413, and answers 400 without a file and 415 for documents', async () => {
    const cookie = await t.signIn('founder@nordlys.test');
    const huge = await upload(`/api/upload/gallery?company=${NORTHWIND_KEY}`, form(Buffer.alloc(20 * 1024 * 1024), 'huge.jpg'), cookie);
    expect(huge).toMatchObject({ status: 413, body: { code: 'E_TOO_LARGE' } });
    const empty = await upload(`/api/upload/gallery?company=${NORTHWIND_KEY}`, new FormData(), cookie);
    expect(empty).toMatchObject({ status: 400, body: { code: 'E_VALIDATION', errors: { file_upload: expect.any(Array) } } });
    const json = await t.send(`/api/upload/gallery?company=${NORTHWIND_KEY}`, { file: 'x' }, { headers: { cookie } });
    expect(json.status).toBe(400);
    // 'document' files are not taken yet; CVs are (applicant.test.ts).
    expect((await upload('/api/upload/document', form(PDF, 'brochure.pdf', 'application/pdf'), cookie)).status).toBe(415);
  });
});
