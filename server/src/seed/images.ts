/**
 * The demo's images (issue #11): a logo for every startup and investor and a cover from a shared
 * palette, through the upload pipeline (image-store/demo-images.ts), stored in the database store
 * (images + image_files) with fixed paths under 'demo/'. The Nordic Partner feed's logo too.
 */
import { sql } from 'drizzle-orm';
import type { ImageSize } from '@nordlys/sdk/constants';
import type { Db } from '../db/client';
import { imageFiles, images } from '../db/schema';
import { etagOf } from '../image-store/database-store';
import { COVER_DESIGNS, coverSvg, demoCoverPath, demoLogoPath, logoSvg, processDemoImages, type DemoImage } from '../image-store/demo-images';
import { insertAll, insertReturningIds } from './batch';
import { PARTNER_LOGO_PATH, PARTNER_LOGO_SVG } from './feed';

export interface DemoProfile {
  kind: 'company' | 'investor';
  key: string;
  name: string;
}

/** Rows of image_files per insert: each holds six sizes of a few KB, so statements stay small. */
const FILE_ROWS_PER_INSERT = 60;

/**
 * Makes and stores the demo images of `profiles` at their fixed paths; answers the id of the
 * partner feed's logo. The profiles get theirs afterwards (linkDemoImages), once they are inserted.
 */
export async function seedDemoImages(db: Db, profiles: DemoProfile[]): Promise<{ partnerLogoId: number }> {
  const list: DemoImage[] = [
    { path: PARTNER_LOGO_PATH, type: 'logo', svg: PARTNER_LOGO_SVG },
    ...Array.from({ length: COVER_DESIGNS }, (_, design): DemoImage => ({ path: demoCoverPath(design), type: 'cover', svg: coverSvg(design) })),
    ...profiles.map((p): DemoImage => ({ path: demoLogoPath(p.kind, p.key), type: 'logo', svg: logoSvg(p.name, p.key) })),
  ];
  const ids = await storeDemoImages(db, list);
  return { partnerLogoId: ids[0]! };
}

/** Makes the demo images of `list` (through the upload pipeline) and stores them at their paths; answers their ids, in order. */
export async function storeDemoImages(db: Db, list: DemoImage[]): Promise<number[]> {
  const processed = await processDemoImages(list);
  const ids = await insertReturningIds(
    db,
    images,
    list.map((image, i) => ({
      path: image.path,
      width: processed[i]!.large.width,
      height: processed[i]!.large.height,
      mimeType: processed[i]!.large.contentType,
      kind: image.type,
    })),
  );
  const files = list.flatMap((image, i) =>
    (Object.entries(processed[i]!) as [ImageSize, (typeof processed)[number][ImageSize]][]).map(([size, f]) => ({
      path: image.path,
      size,
      contentType: f.contentType,
      width: f.width,
      height: f.height,
      etag: etagOf(f.bytes),
      bytes: f.bytes,
    })),
  );
  await insertAll(db, imageFiles, files, FILE_ROWS_PER_INSERT);
  return ids;
}

/**
 * Gives every demo profile its logo (by its path, demo/{kind}/{key}/logo) and a cover of the shared
 * palette (by its id), and records whose each logo is (images.owner_kind/owner_id). Investors' small
 * image is their logo.
 */
export async function linkDemoImages(db: Db): Promise<void> {
  for (const [kind, table] of [
    ['company', sql.raw('companies')],
    ['investor', sql.raw('investors')],
  ] as const) {
    const logoPath = sql`'demo/' || ${kind} || '/' || p.key || '/logo'`;
    await db.execute(sql`
      UPDATE ${table} p SET
        logo_image_id = l.id,
        cover_image_id = (SELECT c.id FROM images c WHERE c.path = 'demo/cover/' || ((p.id % ${COVER_DESIGNS}) + 1))
        ${kind === 'investor' ? sql`, small_image_id = l.id` : sql``}
      FROM images l WHERE l.path = ${logoPath}`);
    await db.execute(sql`
      UPDATE images SET owner_kind = ${kind}, owner_id = p.id
      FROM ${table} p WHERE images.path = ${logoPath}`);
  }
}
