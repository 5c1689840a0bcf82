/**
 * Where confirmations wait for the page a form redirected to (decision 050). A message is kept
 * for the account that wrote it and taken once: reading deletes it in the same statement, so a
 * copy of the cookie replayed later, or into another account's browser, finds nothing.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/connect";
import { flashMessages } from "../db/schema";
import { isUuid } from "../../shared/uuid";

export interface FlashStore {
  /** Keeps `text` for `accountId` on the page at `path` until `expiresAt`; returns its id. */
  put(message: { accountId: string; path: string; text: string; expiresAt: Date }): Promise<string>;
  /** The text of message `id` if it is this account's and this page's, deleted as it is read. */
  take(id: string, accountId: string, path: string): Promise<string | null>;
}

export function createFlashStore(db: Database): FlashStore {
  return {
    async put(message) {
      // Messages nobody came to read go with the next one written: the table stays small.
      await db.delete(flashMessages).where(lt(flashMessages.expiresAt, new Date()));
      const [row] = await db.insert(flashMessages).values(message).returning({ id: flashMessages.id });
      return row!.id;
    },
    async take(id, accountId, path) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .delete(flashMessages)
        .where(
          and(
            eq(flashMessages.id, id),
            eq(flashMessages.accountId, accountId),
            eq(flashMessages.path, path),
            gt(flashMessages.expiresAt, new Date()),
          ),
        )
        .returning({ text: flashMessages.text });
      return row?.text ?? null;
    },
  };
}
