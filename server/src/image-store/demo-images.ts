/**
 * Demo images (issue #11): a logo for every demo startup and investor (a coloured square with the
 * initials) and covers, drawn as SVG, rendered by sharp and put through the upload pipeline, so the
 * six sizes exist for every demo profile.
 *
 * Keeping the seed fast: each logo is unique, but covers come from a palette of COVER_DESIGNS that
 * profiles share; images are processed a few at a time (sharp works off the main thread); and the
 * pipeline's output is cached on disk by the hash of its input (DEMO_IMAGE_CACHE, default in the OS
 * temp folder), so only the first seed on a machine pays for the encoding.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_QUALITY, IMAGE_SIZES, type ImageSize } from '@nordlys/sdk/constants';
import type { ImageUploadType } from '@nordlys/sdk/schemas';
import { PIPELINE_VERSION, processImage, type ProcessedImage } from './pipeline';

/** How many profiles share one cover design. */
export const COVER_DESIGNS = 8;

/** A profile's demo logo path, e.g. 'demo/company/northwind-labs/logo'. */
export const demoLogoPath = (kind: 'company' | 'investor', key: string) => `demo/${kind}/${key}/logo`;
export const demoCoverPath = (design: number) => `demo/cover/${design + 1}`;

/** Up to two initials of a name: 'Northwind Labs' → 'NL', 'Fjord' → 'FJ'. */
export function initialsOf(name: string): string {
  const words = name.normalize('NFKD').replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [...(words[0] ?? '?').slice(0, 2)];
  return letters.join('').toUpperCase();
}

/** A stable hue for a key, so a profile keeps its colour from seed to seed. */
export function hueOf(key: string): number {
  return createHash('sha256').update(key).digest().readUInt16BE(0) % 360;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The logo's SVG: the initials in white on a square of the profile's colour. */
export function logoSvg(name: string, key: string): string {
  const hue = hueOf(key);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
<rect width="480" height="480" fill="hsl(${hue},52%,34%)"/>
<rect x="24" y="24" width="432" height="432" rx="56" fill="none" stroke="hsl(${hue},60%,70%)" stroke-width="8"/>
<text x="240" y="240" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="190" fill="#fff">${escapeXml(initialsOf(name))}</text>
</svg>`;
}

/** A cover: a diagonal gradient with soft circles (northern lights, loosely). */
export function coverSvg(design: number): string {
  const hue = (design * 360) / COVER_DESIGNS + 150;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue % 360},55%,22%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},60%,48%)"/>
</linearGradient></defs>
<rect width="1600" height="900" fill="url(#g)"/>
<ellipse cx="1180" cy="220" rx="520" ry="180" fill="hsl(${(hue + 90) % 360},70%,70%)" fill-opacity="0.18"/>
<ellipse cx="420" cy="760" rx="620" ry="160" fill="#fff" fill-opacity="0.08"/>
</svg>`;
}

/** What one demo image is: its stored path, what it is for, and its picture. */
export interface DemoImage {
  path: string;
  type: ImageUploadType;
  svg: string;
}

// ---------- The cache of processed images ----------

const cacheDir = () => process.env.DEMO_IMAGE_CACHE || join(tmpdir(), 'nordlys-demo-images');

/** The cache key: the picture and everything that shapes the pipeline's output. */
function cacheKey(image: DemoImage): string {
  return createHash('sha256')
    .update(JSON.stringify([PIPELINE_VERSION, IMAGE_SIZES, IMAGE_QUALITY, image.type, image.svg]))
    .digest('hex');
}

/** File layout: a JSON header line (sizes with their byte lengths) and the bytes one after another. */
function encode(processed: ProcessedImage): Buffer {
  const header = Object.entries(processed).map(([size, f]) => ({ size, contentType: f.contentType, width: f.width, height: f.height, length: f.bytes.byteLength }));
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), ...Object.values(processed).map((f) => f.bytes)]);
}

function decode(file: Buffer): ProcessedImage | null {
  const newline = file.indexOf(10);
  if (newline < 0) return null;
  const header = JSON.parse(file.subarray(0, newline).toString()) as { size: ImageSize; contentType: string; width: number; height: number; length: number }[];
  let at = newline + 1;
  const out: Partial<ProcessedImage> = {};
  for (const { size, length, ...rest } of header) {
    out[size] = { ...rest, bytes: file.subarray(at, at + length) };
    at += length;
  }
  return at === file.byteLength && Object.keys(IMAGE_SIZES).every((s) => out[s as ImageSize]) ? (out as ProcessedImage) : null;
}

async function cached(image: DemoImage, useCache: boolean): Promise<ProcessedImage> {
  const file = join(cacheDir(), `${cacheKey(image)}.bin`);
  if (useCache) {
    const hit = await readFile(file).then(decode, () => null);
    if (hit) return hit;
  }
  // Rendered at its drawn size to PNG, then through the same pipeline as an upload.
  const png = await sharp(Buffer.from(image.svg)).png({ compressionLevel: 1 }).toBuffer();
  const processed = await processImage(png, image.type);
  if (useCache) {
    // Written whole under a temporary name first, so a parallel seed never reads half a file.
    await mkdir(cacheDir(), { recursive: true })
      .then(async () => {
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        await writeFile(temporary, encode(processed));
        await rename(temporary, file);
      })
      .catch(() => undefined);
  }
  return processed;
}

/**
 * Processes the demo images, `parallel` at a time, in the order given.
 * @param useCache Read and write the disk cache (default true; DEMO_IMAGE_CACHE=off turns it off).
 */
export async function processDemoImages(list: DemoImage[], { parallel = 4, useCache = process.env.DEMO_IMAGE_CACHE !== 'off' } = {}): Promise<ProcessedImage[]> {
  const out: ProcessedImage[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const at = next++;
      out[at] = await cached(list[at]!, useCache);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, list.length) }, worker));
  return out;
}
