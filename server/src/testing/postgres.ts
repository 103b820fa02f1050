/** Creating and dropping throw-away PostgreSQL databases for tests. */
import pg from 'pg';

export function templateName(): string {
  return `nordlys_template_${process.pid}`;
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
