/** Reading conversations and messages as the pages and the stream show them. */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import type { ShownMessage } from "../components/message-rules";
import { plainText } from "../../../shared/plain-text";
import { chatMessages } from "./tables";

type MessageRow = typeof chatMessages.$inferSelect;

export function shownMessage(row: MessageRow): ShownMessage {
  return {
    id: row.id,
    author: row.author === "supplier" ? "supplier" : "family",
    // Written before the sanitiser took format characters out, a message shows without them too.
    body: plainText(row.body),
    createdAt: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
    reported: row.reportedAt !== null,
  };
}

/** A conversation's messages after `afterId`, oldest first; hidden ones only for operators. */
export async function messagesAfter(
  db: Executor,
  conversationId: string,
  afterId: number,
  { withHidden = false, limit = 500 }: { withHidden?: boolean; limit?: number } = {},
): Promise<ShownMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        gt(chatMessages.id, afterId),
        withHidden ? undefined : isNull(chatMessages.hiddenAt),
      ),
    )
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  return rows.map(shownMessage);
}
