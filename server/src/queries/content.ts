/** Content queries: tools and partners. */
import { asc, eq } from 'drizzle-orm';
import type { Partner, Tool } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { images, partners, tools } from '../db/schema';
import { toImage } from '../images';

export async function listTools(db: Db): Promise<Tool[]> {
  const rows = await db
    .select({ tool: tools, logo: images.path })
    .from(tools)
    .leftJoin(images, eq(images.id, tools.logoImageId))
    .orderBy(asc(tools.position), asc(tools.name));
  return rows.map(({ tool: { logoImageId: _, position: __, ...tool }, logo }) => ({ ...tool, logoImage: toImage(logo) }));
}

export async function listPartners(db: Db): Promise<Partner[]> {
  const rows = await db
    .select({ partner: partners, logo: images.path })
    .from(partners)
    .leftJoin(images, eq(images.id, partners.logoImageId))
    .orderBy(asc(partners.position), asc(partners.name));
  return rows.map(({ partner: { logoImageId: _, position: __, ...partner }, logo }) => ({ ...partner, logoImage: toImage(logo) }));
}
