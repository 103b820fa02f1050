/**
 * Upload benchmark (issue #11): the time of POST /api/upload/{type} per image, from the request to
 * the answer, with all six sizes decoded, cut, encoded and stored. Median and p95 of `rounds`
 * uploads per kind of file, through the app (app.request, no network), on PGlite in memory.
 *
 *   npm run bench:upload                 # 20 rounds
 *   npm run bench:upload -- --rounds 40
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { UPLOAD_FIELD } from '@nordlys/sdk/schemas';
import { createApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { seedDemo } from '../server/src/seed/index';
import { NORTHWIND_KEY } from '../server/src/seed/companies';
import { DEMO_PASSWORD } from '../server/src/seed/accounts';
import { testConfig } from '../server/src/testing/config';
import { cookieHeader } from '../server/src/testing/app';
import { resetRateLimit } from '../server/src/accounts/rate-limit';
import { uploadsPerUser } from '../server/src/api/upload';
import { users } from '../server/src/db/schema';
import { eq } from 'drizzle-orm';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);

/** A photo-like picture: gradients and shapes with grain, so the encoder has real work. */
async function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="0.5" stop-color="#a8dadc"/><stop offset="1" stop-color="#e63946"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 397) % width}" cy="${(i * 211) % height}" r="${40 + ((i * 53) % 260)}" fill="hsl(${(i * 37) % 360},60%,55%)" fill-opacity="0.45"/>`).join('')}
  </svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 85 }).toBuffer();
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
const p95 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;

async function main() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedDemo(database.db);
  const app = createApp({ db: database.db, config: testConfig() });
  const signIn = await app.request('/api/users/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'founder@nordlys.test', password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = cookieHeader(signIn);

  const files = [
    { label: 'photo 4032×3024 JPEG (12 MP), gallery', type: 'gallery', bytes: await photo(4032, 3024) },
    { label: 'photo 1920×1080 JPEG (2 MP), cover', type: 'cover', bytes: await photo(1920, 1080) },
    { label: 'logo 512×512 PNG, logo', type: 'logo', bytes: await sharp(await photo(512, 512)).png().toBuffer() },
  ];
  console.log(`Upload time per image, all six sizes stored (${rounds} rounds each, PGlite, sharp concurrency ${sharp.concurrency()}):`);
  for (const file of files) {
    // The hourly upload limit per user (api/upload.ts) would stop a long run: each kind starts afresh.
    const [founder] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'founder@nordlys.test'));
    await resetRateLimit(database.db, uploadsPerUser, String(founder!.id));
    const upload = async () => {
      const form = new FormData();
      form.append(UPLOAD_FIELD, new File([new Uint8Array(file.bytes)], 'upload.bin'));
      const res = await app.request(`/api/upload/${file.type}?company=${NORTHWIND_KEY}`, { method: 'POST', body: form, headers: { cookie } });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    };
    await upload(); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await upload();
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `  ${file.label.padEnd(40)} ${(file.bytes.byteLength / 1024).toFixed(0).padStart(6)} KB   median ${median(samples).toFixed(0).padStart(5)} ms   p95 ${p95(samples).toFixed(0).padStart(5)} ms`,
    );
  }
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
