/**
 * Saved searches and their alerts (docs/decisions/195-saved-searches.md). A family saves the
 * listing's criteria with an address and a frequency; nothing is sent until the address is
 * confirmed by a mailed link; a biodata newly listed that answers the criteria (the listing's
 * own reading, helpers' `filtersMatched`) is sent once, at once or in the day's digest; a
 * one-click unsubscribe stops a search and keeps the address suppressed until it is confirmed again.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../server/db/connect";
import { isForeignKeyViolation } from "../../server/db/errors";
import type { FeatureGround } from "../../server/feature";
import { countInWindow } from "../../server/db/window-count";
import { badRequest, notFound, tooManyRequests } from "../../server/http/errors";
import { retryAfterText } from "../../server/i18n/retry-after";
import { storedFamilyLocale } from "../../server/i18n/family-locale";
import { isFamilyLocale, localizePath } from "../../shared/i18n/locales";
import { m } from "../../shared/i18n/compiled/messages.js";
import { isUuid } from "../../shared/uuid";
import type { ConversationService } from "../conversations";
import { describeFilter, helperNames, type HelperService, type ListingChange } from "../helpers";
import type { ShortlistService } from "../shortlist";
import { leadPhone, visitorAbout } from "../leads";
import { enqueueMessage } from "../notifications";
import { atomsOf, filterOfCriteria, readCriteria } from "./server/criteria";
import { sendDue } from "./server/sending";
import { noteStatusNews } from "./server/status-news";
import { alertMatches, alertPasses, alertSuppressions, savedCriteria, savedSearchAtoms, savedSearches } from "./server/tables";

export interface AlertsNeeds {
  conversations: Pick<ConversationService, "familyFor" | "familyIdOf" | "writers" | "addressees">;
  shortlist: Pick<ShortlistService, "keepers">;
  helpers: Pick<HelperService, "filtersMatched" | "idsMatching" | "findMany">;
}

export const FREQUENCIES = ["daily", "instant"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Searches one family may keep. */
export const MAX_SEARCHES = 20;
const CONFIRM_PASS_MS = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
/** Confirmation mails one address may be sent an hour, and one requester may ask for. */
const MAILS_PER_ADDRESS_HOUR = 5;
const REQUESTS_PER_REQUESTER_HOUR = 20;
/** Helpers listed when a search is confirmed are marked known (never sent) up to this many. */
const KNOWN_AT_CONFIRMATION = 20_000;

const emailSchema = z.email().max(200);
const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A search as the family's space lists it. */
export interface ListedSearch {
  id: string;
  criteria: string;
  frequency: Frequency;
  email: string;
  state: "waiting" | "confirmed" | "stopped";
  /** The criteria in words, as the listing sums up its filter. */
  words: string[];
}

export interface SaveInput {
  visitor: { leadId: string; name: string } | null;
  key: string | null;
  criteria: unknown;
  email: unknown;
  frequency: unknown;
  locale: string;
  requester: string;
}

export function createAlertsService(ground: FeatureGround & AlertsNeeds) {
  const { db, site, conversations, helpers } = ground;
  const unsubscribeKey = createHmac("sha256", ground.hashKey).update("alert unsubscribe links").digest();
  const emailHash = (email: string) =>
    createHmac("sha256", ground.hashKey).update(`alert address:${email.toLowerCase()}`).digest("base64url");
  const signature = (searchId: string) => createHmac("sha256", unsubscribeKey).update(searchId).digest("base64url");
  const unsubscribeToken = (searchId: string) => `${searchId}.${signature(searchId)}`;
  const unsubscribeUrl = (searchId: string) => `${site.publicUrl}/messages/searches/unsubscribe/${unsubscribeToken(searchId)}`;

  /** The search an unsubscribe link names, when its signature is the site's. */
  function searchOfToken(token: unknown): string | undefined {
    if (typeof token !== "string" || token.length > 200) return undefined;
    const [id, given] = token.split(".");
    if (!id || !given || !isUuid(id)) return undefined;
    const expected = Buffer.from(signature(id));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : undefined;
  }

  async function limit(key: string, max: number): Promise<void> {
    const hit = await countInWindow(db, key, HOUR);
    if (hit.count > max) {
      throw tooManyRequests(m.alerts_too_many_mails({ when: retryAfterText(hit.ttlMs) }), Math.max(1, Math.ceil(hit.ttlMs / 1000)));
    }
  }

  function checked(input: SaveInput): { criteria: string; email: string; frequency: Frequency } {
    const fields: Record<string, string> = {};
    const reading = typeof input.criteria === "string" ? readCriteria(input.criteria) : undefined;
    if (!reading || !reading.ok) {
      fields.criteria = reading?.problem === "unknown" ? m.alerts_criteria_unknown() : m.alerts_criteria_invalid();
    }
    const text = typeof input.email === "string" ? input.email.trim() : "";
    const email = emailSchema.safeParse(text);
    if (!email.success || text.includes("\0")) fields.email = m.alerts_email_invalid();
    const frequency = input.frequency ?? "daily";
    if (typeof frequency !== "string" || !(FREQUENCIES as readonly string[]).includes(frequency))
      fields.frequency = m.alerts_frequency_invalid();
    const first = Object.values(fields)[0];
    if (first || !reading?.ok || !email.success) throw badRequest(first ?? m.alerts_criteria_invalid(), fields);
    return { criteria: reading.criteria, email: email.data, frequency: frequency as Frequency };
  }

  async function aboutFamily(leadId: string): Promise<{ about?: string }> {
    const phone = await leadPhone(db, leadId);
    return phone ? { about: visitorAbout(phone) } : {};
  }

  async function familyDefault() {
    return storedFamilyLocale(db);
  }

  async function ownSearch(key: string | null, searchId: unknown) {
    const familyId = await conversations.familyIdOf(key);
    if (!familyId || typeof searchId !== "string" || !isUuid(searchId)) throw notFound(m.alerts_search_unknown());
    const [row] = await db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, searchId), eq(savedSearches.familyId, familyId)));
    if (!row) throw notFound(m.alerts_search_unknown());
    return row;
  }

  /** Lets a refusal for a helper deleted meanwhile pass (nothing to record); throws any other error. */
  function unlessGone(error: unknown): undefined {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }

  const sending = {
    db,
    site,
    familyDefault,
    unsubscribeUrl,
    addressees: conversations.addressees,
    helpers: {
      idsMatching: helpers.idsMatching,
      findMany: helpers.findMany,
      names: async (ids: readonly string[], executor: Executor) =>
        ids.length === 0
          ? []
          : executor
              .select({ id: helperNames.id, name: helperNames.name, ref: helperNames.ref })
              .from(helperNames)
              .where(inArray(helperNames.id, [...ids])),
    },
  };

  return {
    /** Criteria as an address gives them: their canonical text and words, or what is wrong with them. */
    read(search: string) {
      const reading = readCriteria(search);
      return reading.ok
        ? { criteria: reading.criteria, words: describeFilter(reading.filter), problem: null }
        : { criteria: null, words: [], problem: reading.problem };
    },
    /**
     * Saves a search for the browser's family (made from the gate's lead when it has none) and
     * mails a link to confirm its address: nothing is sent before. `key`: a new family key for
     * the browser to keep.
     */
    async save(input: SaveInput): Promise<{ key: string | null; searchId: string }> {
      const wanted = checked(input);
      if (!input.visitor && !input.key) throw badRequest(m.alerts_gate_first());
      const { family, key } = await conversations.familyFor({ visitor: input.visitor, key: input.key });
      await limit(`alert-mail:${wanted.email.toLowerCase()}`, MAILS_PER_ADDRESS_HOUR);
      await limit(`alert-mail-from:${input.requester}`, REQUESTS_PER_REQUESTER_HOUR);
      const token = randomBytes(32).toString("base64url");
      const locale = isFamilyLocale(input.locale) ? input.locale : "en";
      const about = await aboutFamily(family.leadId);
      // Read before the transaction: the embedded database answers one connection at a time.
      const link = `${site.publicUrl}${localizePath(`/messages/searches/confirm/${token}`, locale, await familyDefault())}`;
      const searchId = await db.transaction(async (tx) => {
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(savedSearches)
          .where(eq(savedSearches.familyId, family.id));
        if (count >= MAX_SEARCHES) throw badRequest(m.alerts_too_many_searches({ max: MAX_SEARCHES }));
        const atoms = atomsOf(wanted.criteria);
        const [search] = await tx
          .insert(savedSearches)
          .values({ familyId: family.id, criteria: wanted.criteria, atoms, frequency: wanted.frequency, email: wanted.email, locale })
          .returning({ id: savedSearches.id });
        await tx.insert(savedCriteria).values({ criteria: wanted.criteria, atoms }).onConflictDoNothing();
        if (atoms.length > 0)
          await tx
            .insert(savedSearchAtoms)
            .values(atoms.map((atom) => ({ atom })))
            .onConflictDoNothing();
        await tx
          .insert(alertPasses)
          .values({ tokenHash: tokenHash(token), searchId: search!.id, expiresAt: new Date(Date.now() + CONFIRM_PASS_MS) });
        await enqueueMessage(tx, site.channels, {
          kind: "alert-confirm",
          ...about,
          to: { email: wanted.email, name: family.name },
          subject: m.alerts_confirm_mail_subject({ site: site.name }),
          text: m.alerts_confirm_mail_body({ site: site.name, link }),
        });
        return search!.id;
      });
      return { key, searchId };
    },

    /** Whether a confirmation link is still good (its page asks before using it: mail scanners open links). */
    async confirmationOpen(token: string): Promise<boolean> {
      const [row] = await db
        .select({ searchId: alertPasses.searchId })
        .from(alertPasses)
        .where(and(eq(alertPasses.tokenHash, tokenHash(token)), isNull(alertPasses.usedAt), gt(alertPasses.expiresAt, new Date())));
      return row !== undefined;
    },

    /**
     * Confirms a search's address, once: the search hears from now on, the address leaves the
     * suppression list, and the helpers listed now are known (only newer ones are sent).
     */
    async confirm(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [pass] = await tx
          .update(alertPasses)
          .set({ usedAt: new Date() })
          .where(and(eq(alertPasses.tokenHash, tokenHash(token)), isNull(alertPasses.usedAt), gt(alertPasses.expiresAt, new Date())))
          .returning({ searchId: alertPasses.searchId });
        if (!pass) throw notFound(m.alerts_pass_unknown());
        const [search] = await tx
          .update(savedSearches)
          .set({ confirmedAt: new Date(), unsubscribedAt: null })
          .where(eq(savedSearches.id, pass.searchId))
          .returning();
        if (!search) throw notFound(m.alerts_pass_unknown());
        await tx.delete(alertSuppressions).where(eq(alertSuppressions.emailHash, emailHash(search.email)));
        // Again here: `forgetUnused` may have run between the save and its commit.
        await tx.insert(savedCriteria).values({ criteria: search.criteria, atoms: search.atoms }).onConflictDoNothing();
        const known = await helpers.idsMatching(filterOfCriteria(search.criteria), KNOWN_AT_CONFIRMATION, undefined, tx);
        if (known.length > 0) {
          await tx
            .insert(alertMatches)
            .values(known.map((helperId) => ({ searchId: search.id, helperId, state: "known" })))
            .onConflictDoNothing();
        }
      });
    },

    /** The family's searches, newest first; null for a browser with no family. */
    async ofKey(key: string | null): Promise<ListedSearch[] | null> {
      const familyId = await conversations.familyIdOf(key);
      if (!familyId) return null;
      const rows = await db.select().from(savedSearches).where(eq(savedSearches.familyId, familyId)).orderBy(desc(savedSearches.createdAt));
      return rows.map((row) => ({
        id: row.id,
        criteria: row.criteria,
        frequency: row.frequency as Frequency,
        email: row.email,
        words: describeFilter(filterOfCriteria(row.criteria)),
        state: row.unsubscribedAt ? "stopped" : row.confirmedAt ? "confirmed" : "waiting",
      }));
    },

    /** Deletes one of the family's own searches (another family's is unknown to it). */
    async stop(key: string | null, searchId: unknown): Promise<void> {
      const search = await ownSearch(key, searchId);
      await db.delete(savedSearches).where(eq(savedSearches.id, search.id));
    },

    /** Whether an unsubscribe link names a search (its page shows a button). */
    async unsubscribeOpen(token: unknown): Promise<boolean> {
      const id = searchOfToken(token);
      if (!id) return false;
      const [row] = await db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.id, id));
      return row !== undefined;
    },

    /** Unsubscribes at once, with no sign-in: the search stops and its address is suppressed. */
    async unsubscribe(token: unknown): Promise<void> {
      const id = searchOfToken(token);
      if (!id) throw notFound(m.alerts_unsubscribe_unknown());
      await db.transaction(async (tx) => {
        const [search] = await tx
          .update(savedSearches)
          .set({ unsubscribedAt: sql`coalesce(${savedSearches.unsubscribedAt}, now())` })
          .where(eq(savedSearches.id, id))
          .returning({ email: savedSearches.email });
        if (!search) throw notFound(m.alerts_unsubscribe_unknown());
        // Every search mailed to the address stops: the address asked to hear nothing more.
        await tx
          .update(savedSearches)
          .set({ unsubscribedAt: new Date() })
          .where(and(sql`lower(${savedSearches.email}) = lower(${search.email})`, isNull(savedSearches.unsubscribedAt)));
        await tx
          .insert(alertSuppressions)
          .values({ emailHash: emailHash(search.email) })
          .onConflictDoNothing();
      });
    },

    /** Whether an address is on the suppression list. */
    async suppressed(email: string): Promise<boolean> {
      const [row] = await db
        .select()
        .from(alertSuppressions)
        .where(eq(alertSuppressions.emailHash, emailHash(email)));
      return row !== undefined;
    },

    /**
     * A biodata change: each changed helper is read against every parameter saved searches name,
     * by the listing's own conditions, and the searches all of whose parameters she answers
     * (found by their index) get her as pending, once (a second delivery finds her there already).
     */
    async changed(change: ListingChange): Promise<{ matched: number }> {
      // "everything" (a supplier's details, a seed) names no new biodata.
      if (change === "everything" || change.helpers.length === 0) return { matched: 0 };
      // A helper deleted meanwhile is no news and no match: what names her is refused, and skipped.
      await noteStatusNews(db, change.helpers, [ground.shortlist.keepers, conversations.writers]).catch(unlessGone);
      const atoms = (await db.select({ atom: savedSearchAtoms.atom }).from(savedSearchAtoms)).map((row) => row.atom);
      // The first filter is the empty one: whether she is listed at all.
      const filters = [{}, ...atoms.map(filterOfCriteria)];
      let matched = 0;
      for (const helperId of change.helpers) {
        const answered = await helpers.filtersMatched(helperId, filters);
        if (answered[0] !== 0) continue;
        const held = answered.slice(1).map((index) => atoms[index - 1]!);
        const answeredArray =
          held.length > 0
            ? sql`array[${sql.join(
                held.map((atom) => sql`${atom}`),
                sql`, `,
              )}]::text[]`
            : sql`'{}'::text[]`;
        // The criteria all of whose parameters she answers, by their index; then their live searches.
        const insert = sql`
          insert into alert_matches (search_id, helper_id, state)
          select s.id, ${helperId}::uuid, 'pending' from saved_searches s
          where s.criteria in (select c.criteria from saved_criteria c where c.atoms <@ ${answeredArray})
            and s.confirmed_at is not null and s.unsubscribed_at is null
          on conflict do nothing`;
        const inserted = await db.execute(insert).catch(unlessGone);
        // node-postgres says rowCount, the embedded database affectedRows.
        const result = (inserted ?? {}) as { rowCount?: number | null; affectedRows?: number };
        matched += result.rowCount ?? result.affectedRows ?? 0;
      }
      return { matched };
    },

    /**
     * Deletes the criteria and parameters no saved search names any more (searches stopped,
     * unsubscribed long since or withdrawn): what a new biodata is read against stays what the
     * searches ask. Answers how many criteria went.
     */
    async forgetUnused(): Promise<number> {
      const gone = await db.execute(sql`
        delete from saved_criteria c where not exists (select 1 from saved_searches s where s.criteria = c.criteria)`);
      await db.execute(sql`
        delete from saved_search_atoms a where not exists (select 1 from saved_criteria c where c.atoms @> array[a.atom])`);
      const result = gone as unknown as { rowCount?: number | null; affectedRows?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    },

    /** Sends what is due: instant alerts now, and the day's digests from 08:00 Singapore time. */
    async sendDue(now = new Date()): Promise<{ instant: number; digests: number }> {
      const instant = await sendDue(sending, "instant", now);
      const digests = await sendDue(sending, "daily", now);
      return { instant: instant.mailed, digests: digests.mailed };
    },

    /** Sends the instant alerts due now (after a match, so they leave within seconds). */
    sendInstant: async (now = new Date()) => (await sendDue(sending, "instant", now)).mailed,
    unsubscribeUrl,
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
