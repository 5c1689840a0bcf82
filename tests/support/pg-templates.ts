/**
 * The migrated databases the PostgreSQL suites copy theirs from (database.ts): named after the
 * run's database, so the run's global teardown finds and drops them, and two runs never share one.
 */
import pg from "pg";

export function templatePrefix(serverUrl: string): string {
  return `${new URL(serverUrl).pathname.slice(1)}_template_`.toLowerCase();
}

export async function dropTemplates(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const prefix = templatePrefix(serverUrl);
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
