/**
 * Alerts go out: at once for an `instant` search (at most INSTANT_PER_DAY mails a day), in a
 * digest from 08:00 Singapore time for a `daily` one (at most one a day), which also carries the
 * news of the helpers the family kept (status-news.ts). Searches are claimed
 * with SKIP LOCKED and their mail queued in the same transaction that marks their helpers sent,
 * so instances running this together send each alert once.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { calendarDateAt, formatIsoDate } from "../../../shared/age";
import { labelOf } from "../../../shared/catalogue-labels";
import { formatSalary } from "../../../shared/format";
import { localizePath, type FamilyLocale } from "../../../shared/i18n/locales";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Database, Executor } from "../../../server/db/connect";
import type { HelperFilter } from "../../../shared/listing-query";
import type { HelperRecord } from "../../../shared/helper-types";
import { enqueueMessage, inReaderLocale, type ConfiguredChannels } from "../../notifications";
import { filterOfCriteria } from "./criteria";
import { unsentNews } from "./status-news";
import { alertMatches, alertStatusNews } from "./tables";

export const INSTANT_PER_DAY = 10;
/** The digest's hour, Singapore time. */
export const DIGEST_HOUR = 8;
/** Helpers one mail names at most; the rest wait for the next. */
const HELPERS_PER_MAIL = 20;

export interface SendingDeps {
  db: Database;
  site: { name: string; publicUrl: string; channels: ConfiguredChannels };
  familyDefault(): Promise<FamilyLocale>;
  unsubscribeUrl(searchId: string): string;
  /** The families' names and the outbox's filing of their mail, from the conversations' service. */
  addressees(familyIds: readonly string[], executor: Executor): Promise<Map<string, Addressee>>;
  /** The listing's own reading of a match, and the helpers as the public sees them. */
  helpers: {
    idsMatching(filter: HelperFilter, limit: number, among: readonly string[], executor: Executor): Promise<string[]>;
    findMany(ids: readonly string[], executor: Executor): Promise<HelperRecord[]>;
    /** Names and references, whatever the status (a hired helper is no longer listed). */
    names(ids: readonly string[], executor: Executor): Promise<{ id: string; name: string; ref: string }[]>;
  };
}

interface Addressee {
  name: string;
  about?: string;
}

interface Claimed {
  id: string;
  family_id: string;
  /** The family's first live digest: it carries the news of the helpers the family kept. */
  carries_news: boolean;
  criteria: string;
  email: string;
  locale: string;
  last_sent_on: string | null;
  sent_on_day: number;
}

/** The Singapore day of an instant, and whether the digest's hour has come on it. */
export function singaporeDay(now: Date): { day: string; digestDue: boolean } {
  const hour = (now.getUTCHours() + 8) % 24;
  return { day: formatIsoDate(calendarDateAt(now)), digestDue: hour >= DIGEST_HOUR };
}

export async function sendDue(deps: SendingDeps, frequency: "instant" | "daily", now: Date): Promise<{ mailed: number }> {
  const { db } = deps;
  const { day, digestDue } = singaporeDay(now);
  if (frequency === "daily" && !digestDue) return { mailed: 0 };
  const familyDefault = await deps.familyDefault();
  // Under the cap for the day: instant ones count their mails, a digest is one a day.
  const room =
    frequency === "instant"
      ? sql`(s.last_sent_on is distinct from ${day}::date or s.sent_on_day < ${INSTANT_PER_DAY})`
      : sql`s.last_sent_on is distinct from ${day}::date`;
  // A family's news (a helper it kept became reserved or hired) goes in its first live digest.
  const carriesNews =
    frequency === "daily"
      ? sql`s.id = (select c.id from saved_searches c where c.family_id = s.family_id and c.frequency = 'daily'
          and c.confirmed_at is not null and c.unsubscribed_at is null order by c.created_at, c.id limit 1)`
      : sql`false`;
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      select s.id, s.family_id, s.criteria, s.email, s.locale, s.last_sent_on::text as last_sent_on, s.sent_on_day,
        ${carriesNews} as carries_news
      from saved_searches s
      where s.frequency = ${frequency} and s.confirmed_at is not null and s.unsubscribed_at is null and ${room}
        and (exists (select 1 from alert_matches a where a.search_id = s.id and a.state = 'pending')
          or (${carriesNews} and exists (select 1 from alert_status_news n where n.family_id = s.family_id and n.sent_at is null)))
      order by s.id
      limit 100
      for update of s skip locked`);
    // Both drivers answer with { rows }.
    const rows = (claimed as unknown as { rows: Claimed[] }).rows;
    const addressees = await deps.addressees([...new Set(rows.map((row) => row.family_id))], tx);
    let mailed = 0;
    for (const search of rows) {
      // A search goes with its family (the foreign key cascades): the family is there.
      const addressee = addressees.get(search.family_id)!;
      const pending = await tx
        .select({ helperId: alertMatches.helperId })
        .from(alertMatches)
        .where(and(eq(alertMatches.searchId, search.id), eq(alertMatches.state, "pending")))
        .orderBy(alertMatches.matchedAt)
        .limit(HELPERS_PER_MAIL);
      const ids = pending.map((row) => row.helperId);
      // Checked again as the mail is made: a helper edited out of the criteria since is never sent.
      const still = new Set(await deps.helpers.idsMatching(filterOfCriteria(search.criteria), ids.length, ids, tx));
      const dropped = ids.filter((id) => !still.has(id));
      if (dropped.length > 0) {
        await tx
          .update(alertMatches)
          .set({ state: "dropped" })
          .where(and(eq(alertMatches.searchId, search.id), inArray(alertMatches.helperId, dropped)));
      }
      const sending = ids.filter((id) => still.has(id));
      const news = search.carries_news ? (await unsentNews(tx, search.family_id)).slice(0, HELPERS_PER_MAIL) : [];
      if (sending.length === 0 && news.length === 0) continue;
      await tx
        .update(alertMatches)
        .set({ state: "sent", sentAt: now })
        .where(and(eq(alertMatches.searchId, search.id), inArray(alertMatches.helperId, sending)));
      for (const item of news) {
        await tx
          .update(alertStatusNews)
          .set({ sentAt: now })
          .where(
            and(
              eq(alertStatusNews.familyId, search.family_id),
              eq(alertStatusNews.helperId, item.helperId),
              eq(alertStatusNews.status, item.status),
            ),
          );
      }
      const sentToday = search.last_sent_on === day ? search.sent_on_day + 1 : 1;
      await tx.execute(sql`update saved_searches set last_sent_on = ${day}::date, sent_on_day = ${sentToday} where id = ${search.id}`);
      const helpers = await deps.helpers.findMany(sending, tx);
      const named = new Map(
        (
          await deps.helpers.names(
            news.map((item) => item.helperId),
            tx,
          )
        ).map((helper) => [helper.id, helper]),
      );
      const told = news.flatMap((item) => (named.has(item.helperId) ? [{ ...named.get(item.helperId)!, status: item.status }] : []));
      await enqueueMessage(tx, deps.site.channels, alertMail(deps, search, addressee, { helpers, news: told }, frequency, familyDefault));
      mailed++;
    }
    return { mailed };
  });
}

interface Told {
  id: string;
  name: string;
  ref: string;
  status: string;
}

function alertMail(
  deps: SendingDeps,
  search: Claimed,
  addressee: Addressee,
  { helpers, news }: { helpers: HelperRecord[]; news: Told[] },
  frequency: string,
  familyDefault: FamilyLocale,
) {
  const { site } = deps;
  const locale = search.locale === "zh" ? "zh" : "en";
  const page = (path: string) => `${site.publicUrl}${localizePath(path, locale, familyDefault)}`;
  const unsubscribe = deps.unsubscribeUrl(search.id);
  return inReaderLocale(locale, () => {
    const lines = helpers.map((helper) =>
      m.alerts_mail_helper({
        name: helper.name,
        ref: helper.ref,
        nationality: labelOf("nationality", helper.nationality) ?? helper.nationality,
        age: helper.age ?? "—",
        salary: formatSalary(helper.salary) ?? "—",
        link: page(`/posts/${helper.id}`),
      }),
    );
    const newsLines = news.map((helper) => {
      const words = { name: helper.name, ref: helper.ref, link: page(`/posts/${helper.id}`) };
      return helper.status === "hired" ? m.alerts_mail_news_hired(words) : m.alerts_mail_news_reserved(words);
    });
    const sections = [
      ...(lines.length > 0 ? [m.alerts_mail_new({ site: site.name, helpers: lines.join("\n\n") })] : []),
      ...(newsLines.length > 0 ? [m.alerts_mail_news({ news: newsLines.join("\n\n") })] : []),
    ];
    const listing = page(search.criteria ? `/posts?${search.criteria}` : "/posts");
    return {
      kind: frequency === "daily" ? "alert-digest" : "alert",
      to: { email: search.email, name: addressee.name },
      // Filed under the family's number: a withdrawal deletes it from the outbox too.
      ...(addressee.about ? { about: addressee.about } : {}),
      subject:
        lines.length === 0
          ? m.alerts_mail_news_subject({ site: site.name })
          : frequency === "daily"
            ? m.alerts_mail_digest_subject({ count: helpers.length, site: site.name })
            : m.alerts_mail_subject({ count: helpers.length, site: site.name }),
      text: m.alerts_mail_body({ sections: sections.join("\n\n"), site: site.name, listing, email: search.email, unsubscribe }),
      // RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` here.
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  });
}
