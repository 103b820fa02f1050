/** Case-insensitive "contains" over text columns, with LIKE's wildcards in the user's text escaped. */
import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Rows where any of `columns` contains `text` ('50%_off' matches literally). */
export function containsText(text: string, ...columns: PgColumn[]): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)))!;
}
