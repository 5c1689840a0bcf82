/**
 * The statements the application sends to its database, recorded while a test's request runs,
 * so a test can pin what a request costs (how often a save reads its own row).
 */
import type { Logger } from "drizzle-orm";

export interface LoggedQuery {
  sql: string;
  params: unknown[];
}

export function queryLog() {
  let recording: LoggedQuery[] | undefined;
  const logger: Logger = {
    logQuery(sql, params) {
      recording?.push({ sql, params });
    },
  };
  return {
    /** Give this to createTestDatabase(). */
    logger,
    /** Runs `work` and answers what it returned with every statement sent meanwhile. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; queries: LoggedQuery[] }> {
      if (recording) throw new Error("queryLog: one recording at a time");
      recording = [];
      try {
        const result = await work();
        return { result, queries: recording };
      } finally {
        recording = undefined;
      }
    },
  };
}

/** A SELECT that reads the helpers table (FOR UPDATE included). */
export function readsHelpers(query: LoggedQuery): boolean {
  return /^\s*select\b/i.test(query.sql) && /\b(from|join)\s+"helpers"/i.test(query.sql);
}

/** The reads of one biodata's row: SELECTs on the helpers table given its id. */
export function readsOfHelper(queries: readonly LoggedQuery[], id: string): LoggedQuery[] {
  return queries.filter((query) => readsHelpers(query) && query.params.includes(id));
}
