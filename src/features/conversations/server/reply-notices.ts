/**
 * A family hears of a supplier's reply it has not read within 2 minutes: by web push where it
 * turned notices on in a browser, otherwise by e-mail to its verified address; never both for
 * one reply, and nothing when its read mark covers the reply by the time this looks (an open
 * thread marks what arrives read at once). Each reply is told at most once (`family_noticed_id`).
 * Conversations are claimed with SKIP LOCKED and the notice queued in the same transaction, so
 * instances running this together send each once, as unread-notices.ts does for suppliers.
 */
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../../server/db/connect";
import { storedFamilyLocale } from "../../../server/i18n/family-locale";
import { isFamilyLocale, localizePath } from "../../../shared/i18n/locales";
import { accountProfiles } from "../../accounts";
import { helperNames } from "../../helpers";
import { enqueueMessage, inReaderLocale, type ConfiguredChannels } from "../../notifications";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { leadPhones, visitorAbout } from "../../leads";

/** A reply waits this long for the family to read it in an open page before it is told elsewhere. */
export const REPLY_NOTICE_AFTER_MS = 30_000;

/** Which of these families turned push notices on in some browser (the push feature answers). */
export interface PushSubscribers {
  families(executor: Executor, familyIds: readonly string[]): Promise<Set<string>>;
}

interface Claimed {
  id: string;
  family_id: string;
  family_name: string;
  email: string | null;
  email_verified: boolean;
  link_salt: string | null;
  phone: string;
  locale: string | null;
  helper_name: string;
  helper_ref: string;
  supplier_name: string;
  unread: number;
}

/** Where a family's reply notices may be mailed: its verified address only (one it confirmed by a mailed link). */
export const familyNoticeAddress = (row: { email: string | null; email_verified: boolean }): string | null =>
  row.email_verified ? row.email : null;

export async function notifyFamilies(
  db: Database,
  site: { name: string; publicUrl: string; channels: ConfiguredChannels },
  push: PushSubscribers,
  /** The family's private link key (family-access.ts), null for a family whose link predates salts. */
  linkKeyOf: (family: { id: string; linkSalt: string | null }) => string | null,
  now: Date,
): Promise<{ pushed: number; mailed: number }> {
  const repliedBefore = new Date(now.getTime() - REPLY_NOTICE_AFTER_MS);
  const familyDefault = await storedFamilyLocale(db);
  return db.transaction(async (tx) => {
    const unread = sql`m.conversation_id = c.id and m.author = 'supplier' and m.hidden_at is null
      and m.id > greatest(c.family_read_id, c.family_noticed_id)`;
    const claimed = await tx.execute(sql`
      with due as (
        select c.id from conversations c
        where c.status <> 'blocked'
          and exists (select 1 from chat_messages m where ${unread} and m.created_at <= ${repliedBefore.toISOString()})
        order by c.id
        limit 200
        for update of c skip locked
      ),
      told as (
        select c.id, (select count(*)::int from chat_messages m where ${unread}) as unread,
          (select max(m.id) from chat_messages m where ${unread}) as newest
        from conversations c join due on due.id = c.id
      )
      update conversations c set family_noticed_id = told.newest
      from told, chat_families f, ${helperNames} h, ${accountProfiles} u, ${leadPhones} lp
      where c.id = told.id and f.id = c.family_id and h.id = c.helper_id and u.id = c.supplier_id and lp.id = f.lead_id
      returning c.id, c.family_id, f.name as family_name, f.email, f.email_verified_at is not null as email_verified,
        f.link_salt, lp.phone, f.locale, h.name as helper_name,
        h.ref as helper_ref, coalesce(nullif(u.company_name, ''), u.name) as supplier_name, told.unread`);
    // Both drivers answer with { rows }.
    const rows = (claimed as unknown as { rows: Claimed[] }).rows;
    const subscribed = await push.families(tx, [...new Set(rows.map((row) => row.family_id))]);
    let pushed = 0;
    let mailed = 0;
    for (const row of rows) {
      const locale = isFamilyLocale(row.locale) ? row.locale : familyDefault;
      const page = `${site.publicUrl}${localizePath(`/messages/${row.id}`, locale, familyDefault)}`;
      const about = { helper: row.helper_name, ref: row.helper_ref, supplier: row.supplier_name, count: row.unread, site: site.name };
      if (subscribed.has(row.family_id)) {
        // The notice opens the conversation in the browser that holds the family's key.
        await enqueueMessage(
          tx,
          site.channels,
          inReaderLocale(locale, () => ({
            kind: "conversation-reply",
            to: { push: { family: row.family_id } },
            subject: m.conversations_reply_push_title(about),
            text: m.conversations_reply_push_body(about),
            url: page,
            tag: `conversation-${row.id}`,
          })),
        );
        pushed++;
        continue;
      }
      const email = familyNoticeAddress(row);
      if (!email) continue;
      // The long-lived private link, as the first mail gave it: it opens the space from any device.
      const key = linkKeyOf({ id: row.family_id, linkSalt: row.link_salt });
      const link = key ? `${site.publicUrl}${localizePath(`/messages/link/${key}`, locale, familyDefault)}` : page;
      await enqueueMessage(
        tx,
        site.channels,
        inReaderLocale(locale, () => ({
          kind: "conversation-reply",
          to: { email, name: row.family_name },
          // Filed under the family's number: a withdrawal deletes it from the outbox too.
          about: visitorAbout(row.phone),
          subject: m.conversations_reply_mail_subject(about),
          text: m.conversations_reply_mail_body({ ...about, link }),
        })),
      );
      mailed++;
    }
    return { pushed, mailed };
  });
}
