/** Case-insensitive "contains" over text columns, with LIKE's wildcards in the user's text escaped. */
import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The ILIKE pattern for "contains `text`", its wildcards escaped ('50%_off' → '%50\%\_off%'), for expressions containsText cannot name. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Rows where any of `columns` contains `text` ('50%_off' matches literally). */
export function containsText(text: string, ...columns: PgColumn[]): SQL {
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)))!;
}
