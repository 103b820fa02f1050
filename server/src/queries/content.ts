/** Content queries: the tools of the startup toolbox and the partners (spec 3 "Tool and partner"), listed and one by key. */
import { asc, eq } from 'drizzle-orm';
import type { Partner, Tool } from '@nordlys/sdk/schemas';
import type { Db } from '../db/client';
import { images, partners, tools } from '../db/schema';
import { toImage } from '../images';

type EntryRow = typeof tools.$inferSelect;

const toEntry = ({ logoImageId: _, position: __, ...entry }: EntryRow, logo: string | null) => ({ ...entry, logoImage: toImage(logo) });

/** Every tool, in the toolbox's order. */
export async function listTools(db: Db): Promise<Tool[]> {
  const rows = await db
    .select({ tool: tools, logo: images.path })
    .from(tools)
    .leftJoin(images, eq(images.id, tools.logoImageId))
    .orderBy(asc(tools.position), asc(tools.name));
  return rows.map(({ tool, logo }) => toEntry(tool, logo));
}

/** The tool at /tools/{key}, or null. */
export async function getTool(db: Db, key: string): Promise<Tool | null> {
  const [row] = await db.select({ tool: tools, logo: images.path }).from(tools).leftJoin(images, eq(images.id, tools.logoImageId)).where(eq(tools.key, key));
  return row ? toEntry(row.tool, row.logo) : null;
}

/** Every partner, in the page's order. */
export async function listPartners(db: Db): Promise<Partner[]> {
  const rows = await db
    .select({ partner: partners, logo: images.path })
    .from(partners)
    .leftJoin(images, eq(images.id, partners.logoImageId))
    .orderBy(asc(partners.position), asc(partners.name));
  return rows.map(({ partner, logo }) => toEntry(partner, logo));
}

/** The partner at /partners/{key}, or null. */
export async function getPartner(db: Db, key: string): Promise<Partner | null> {
  const [row] = await db
    .select({ partner: partners, logo: images.path })
    .from(partners)
    .leftJoin(images, eq(images.id, partners.logoImageId))
    .where(eq(partners.key, key));
  return row ? toEntry(row.partner, row.logo) : null;
}
