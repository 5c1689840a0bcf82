/**
 * A supplier hears of a family's message they have not read within 5 minutes, by the outbox
 * (e-mail where configured, else the .eml files; in their Telegram chat when they linked one;
 * by web push in the browsers they turned it on in: a row per channel), at most once an hour for
 * each conversation and
 * only for messages newer than the last notice. The rows are claimed with SKIP LOCKED and their
 * notice queued in the same transaction, so instances running this together send each once.
 * The notice names the helper and links to the conversation; it repeats nothing the family wrote.
 * The helper's name and the supplier's address and language come from their owners' read models
 * (decision 190).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { accountProfiles } from "../../accounts";
import { helperNames } from "../../helpers";
import { enqueueMessage, inReaderLocale, type ConfiguredChannels } from "../../notifications";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { PushSubscribers } from "./reply-notices";

export const UNREAD_NOTICE_AFTER_MS = 5 * 60_000;
export const NOTICE_EVERY_MS = 60 * 60_000;

interface Claimed {
  id: string;
  supplier_id: string;
  helper_name: string;
  helper_ref: string;
  email: string;
  supplier_name: string;
  /** The supplier's language (their profile's choice), null for English. */
  locale: string | null;
  unread: number;
  telegram_chat_id: string | null;
}

export async function notifyUnread(
  db: Database,
  site: { name: string; publicUrl: string; channels: ConfiguredChannels },
  push: { accounts: PushSubscribers["families"] },
  now: Date,
): Promise<{ notified: number }> {
  const unreadBefore = new Date(now.getTime() - UNREAD_NOTICE_AFTER_MS);
  const noticedBefore = new Date(now.getTime() - NOTICE_EVERY_MS);
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      with due as (
        select c.id from conversations c
        where c.status <> 'blocked'
          and (c.notified_at is null or c.notified_at <= ${noticedBefore.toISOString()})
          and exists (
            select 1 from chat_messages m
            where m.conversation_id = c.id and m.author = 'family' and m.hidden_at is null
              and m.id > c.supplier_read_id
              and m.created_at <= ${unreadBefore.toISOString()}
              and (c.notified_at is null or m.created_at > c.notified_at))
        order by c.id
        limit 200
        for update of c skip locked
      )
      update conversations c set notified_at = ${now.toISOString()}
      from due, ${helperNames} h, ${accountProfiles} u
      where c.id = due.id and h.id = c.helper_id and u.id = c.supplier_id
      returning c.id, c.supplier_id, h.name as helper_name, h.ref as helper_ref, u.email, u.name as supplier_name, u.locale,
        (select count(*)::int from chat_messages m where m.conversation_id = c.id and m.author = 'family'
           and m.hidden_at is null and m.id > c.supplier_read_id) as unread,
        (select st.chat_id from supplier_telegram st where st.supplier_id = c.supplier_id) as telegram_chat_id`);
    // Both drivers answer with { rows }.
    const rows = (claimed as unknown as { rows: Claimed[] }).rows;
    const pushed = await push.accounts(tx, [...new Set(rows.map((row) => row.supplier_id))]);
    for (const row of rows) {
      const link = `${site.publicUrl}/dashboard/messages/${row.id}`;
      const about = { helper: row.helper_name, ref: row.helper_ref };
      // In the language the supplier chose on their profile.
      await enqueueMessage(
        tx,
        site.channels,
        inReaderLocale(row.locale, () => ({
          kind: "conversation-unread",
          to: {
            ...{ email: row.email, name: row.supplier_name },
            ...(row.telegram_chat_id ? { telegramChatId: row.telegram_chat_id } : {}),
            ...(pushed.has(row.supplier_id) ? { push: { account: row.supplier_id } } : {}),
          },
          subject: m.notifications_unread_subject(about),
          text: m.notifications_unread_body({ ...about, count: row.unread, site: site.name, link }),
          // The push notice opens the conversation, and says in a line what the mail says.
          pushText: m.conversations_supplier_push_body({ ...about, count: row.unread }),
          url: link,
          tag: `conversation-${row.id}`,
        })),
      );
    }
    return { notified: rows.length };
  });
}
