/**
 * Many rows in one statement with one parameter: the rows travel as a JSON array and the
 * database unpacks it (jsonb_to_recordset). For tens of thousands of rows this is several
 * times faster than a multi-row VALUES list, whose every field is a bound parameter.
 */
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../../server/db/connect";

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function bulkInsert<T extends PgTable>(executor: Executor, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  // The columns the rows set; the others keep their defaults.
  const keys = Object.keys(columns).filter((key) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const names = keys.map((key) => columns[key]!.name);
  const types = keys.map((key) => columns[key]!.getSQLType());
  const records = rows.map((row) => Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key] ?? null])));
  const list = names.map(quote).join(", ");
  const shape = names.map((name, i) => `${quote(name)} ${types[i]}`).join(", ");
  const statement: SQL = sql`insert into ${sql.raw(quote(getTableName(table)))} (${sql.raw(list)})
    select ${sql.raw(list)} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${sql.raw(shape)})`;
  await executor.execute(statement);
}

/**
 * Runs `write` with the table's secondary indexes set aside and builds them again afterwards, in
 * the caller's transaction (nothing is seen half-done). Building an index once over every row is
 * much cheaper than keeping it row by row, above all the GIN indexes (skills, search trigrams).
 * The indexes are rebuilt from their own definitions as the database holds them, so this never
 * drifts from the migrations; those backing a constraint (the primary key, unique references)
 * stay, since the rows must still be checked against them.
 */
export async function withIndexesBuiltAfter(executor: Executor, table: string, write: () => Promise<void>): Promise<void> {
  const result = await executor.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`);
  // Both drivers (node-postgres and PGlite) answer { rows }.
  const indexes = (result as unknown as { rows: { name: string; definition: string }[] }).rows;
  for (const index of indexes) await executor.execute(sql.raw(`drop index ${quote(index.name)}`));
  await write();
  for (const index of indexes) await executor.execute(sql.raw(index.definition));
}
