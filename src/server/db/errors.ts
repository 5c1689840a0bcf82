/** PostgreSQL's error codes as both drivers report them, under the query builder's own error. */

/** The SQLSTATE of a database error, found along the chain of causes; undefined for none. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let cause = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A row named a row that is gone (23503): another transaction deleted it meanwhile. */
export const isForeignKeyViolation = (error: unknown) => databaseErrorCode(error) === "23503";
