/** The image pipeline (issue #11): the six sizes exactly, metadata gone, and refusals by content. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, type ImageSize } from '@nordlys/sdk/constants';
import { AppError } from '../errors';
import { GPS_EXIF, HTML, jpeg, PDF, png, SVG } from './fixtures';
import { inspectImage, processImage, TOO_LARGE_MESSAGE, TOO_MANY_PIXELS_MESSAGE, UNSUPPORTED_MESSAGE } from './pipeline';

const SIZES = Object.keys(IMAGE_SIZES) as ImageSize[];

async function refusal(input: Buffer | Promise<Buffer>): Promise<AppError> {
  const error = await processImage(await input, 'gallery').then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('processImage: the six sizes of spec 3', () => {
  it('makes every size with its exact dimensions, as WebP', async () => {
    const out = await processImage(await jpeg(2400, 1600), 'cover');
    const expected: Record<ImageSize, [number, number]> = {
      large: [1200, 800],
      cover: [1600, 900],
      thumbnail: [200, 200],
      listing: [1200, 675],
      portrait: [600, 1200],
      social: [1200, 630],
    };
    for (const size of SIZES) {
      const meta = await sharp(out[size].bytes).metadata();
      expect([meta.width, meta.height], size).toEqual(expected[size]);
      expect([out[size].width, out[size].height], size).toEqual(expected[size]);
      expect(meta.format, size).toBe('webp');
      expect(out[size].contentType).toBe('image/webp');
    }
  });

  it('crops small sources to the exact boxes too, and never enlarges `large`', async () => {
    const out = await processImage(await png(300, 120), 'logo');
    for (const size of SIZES.filter((s) => IMAGE_SIZES[s].crop)) {
      const box = IMAGE_SIZES[size] as { width: number; height: number };
      const meta = await sharp(out[size].bytes).metadata();
      expect([meta.width, meta.height], size).toEqual([box.width, box.height]);
    }
    const large = await sharp(out.large.bytes).metadata();
    expect([large.width, large.height]).toEqual([300, 120]);
    // A logo keeps its transparency.
    expect(large.hasAlpha).toBe(true);
  });

  it('strips the metadata: no EXIF (GPS, camera) in any size', async () => {
    const input = await jpeg(1600, 1200, GPS_EXIF);
    // The fixture really carries GPS data.
    const source = await sharp(input).metadata();
    expect(source.exif?.toString('latin1')).toContain('NordlysCam');
    expect(source.exif?.length).toBeGreaterThan(100);
    const out = await processImage(input, 'gallery');
    for (const size of SIZES) {
      const meta = await sharp(out[size].bytes).metadata();
      expect(meta.exif, size).toBeUndefined();
      expect(meta.xmp, size).toBeUndefined();
      expect(meta.icc, size).toBeUndefined();
      expect(out[size].bytes.includes(Buffer.from('NordlysCam')), size).toBe(false);
    }
  });

  it('turns the image upright by its EXIF orientation before cutting it', async () => {
    // 2400×1600 stored sideways (orientation 6: shown rotated 90°, so 1600 wide and 2400 high).
    const input = await sharp(await jpeg(2400, 1600)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const out = await processImage(input, 'gallery');
    expect([out.large.width, out.large.height]).toEqual([1200, 1800]);
  });

  it('takes PNG, WebP, GIF and AVIF by their content; an animated GIF gives its first frame', async () => {
    const base = sharp(await jpeg(800, 600));
    const inputs = {
      png: await base.clone().png().toBuffer(),
      webp: await base.clone().webp().toBuffer(),
      gif: await base.clone().gif().toBuffer(),
      avif: await base.clone().avif({ effort: 0 }).toBuffer(),
    };
    for (const [format, input] of Object.entries(inputs)) {
      const out = await processImage(input, 'gallery');
      expect([out.thumbnail.width, out.thumbnail.height], format).toEqual([200, 200]);
    }
    const frame = (background: string) => sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer();
    const animated = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const out = await processImage(animated, 'gallery');
    const pixel = await sharp(out.thumbnail.bytes).removeAlpha().raw().toBuffer();
    // Red, the first frame.
    expect(pixel[0]).toBeGreaterThan(200);
    expect(pixel[2]).toBeLessThan(60);
  });

  it('re-encodes a polyglot: a real image with a script appended is stored without it', async () => {
    const polyglot = Buffer.concat([await sharp(await jpeg(400, 300)).gif().toBuffer(), HTML]);
    const out = await processImage(polyglot, 'gallery');
    for (const size of SIZES) expect(out[size].bytes.includes(Buffer.from('<script>')), size).toBe(false);
  });
});

describe('processImage: refusals', () => {
  it('refuses a file over 10 MB with 413 E_TOO_LARGE before decoding it', async () => {
    const big = Buffer.concat([await jpeg(400, 300), Buffer.alloc(11 * 1024 * 1024)]);
    const error = await refusal(big);
    expect(error).toMatchObject({ code: 'E_TOO_LARGE', status: 413, message: TOO_LARGE_MESSAGE });
  });

  it('refuses a 50-megapixel image with 413 E_TOO_LARGE', async () => {
    // 10000×5000 of one colour: 50 megapixels in a small PNG.
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#123456' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.byteLength).toBeLessThan(10 * 1024 * 1024);
    const error = await refusal(huge);
    expect(error).toMatchObject({ code: 'E_TOO_LARGE', status: 413, message: TOO_MANY_PIXELS_MESSAGE });
  });

  it('refuses what is not an image by its content with 415, whatever its name says', async () => {
    for (const [what, input] of [
      ['a PDF (named .png)', PDF],
      ['an HTML page (named .jpg)', HTML],
      ['an SVG', SVG],
      ['text', Buffer.from('hello')],
      ['nothing', Buffer.alloc(0)],
      ['a truncated JPEG', (await jpeg(400, 300)).subarray(0, 600)],
    ] as const) {
      const error = await refusal(input);
      expect(error, what).toMatchObject({ code: 'E_UNSUPPORTED_MEDIA', status: 415, message: UNSUPPORTED_MESSAGE });
    }
  });

  it('inspectImage reads the format and the frame size', async () => {
    expect(await inspectImage(await png(30, 20))).toEqual({ format: 'png', width: 30, height: 20 });
  });
});
