/**
 * Leads: a visitor's name and phone number, stored once per phone number together with the
 * notification to support, in one transaction. The first name given stays: anyone may type a
 * known number, so a later visit is counted and reported to support but changes nothing stored
 * (decision 082).
 */
import { count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { toListingSearchParams, type HelperFilter } from "../../shared/listing-query";
import { parseLeadInput, type Lead, type ValidLead } from "../../shared/lead-schema";
import type { Database } from "../../server/db/connect";
import { escapeLike } from "../../server/db/escape-like";
import { badRequest, tooManyRequests } from "../../server/http/errors";
import { visitors } from "./server/tables";
import { enqueueMessage, type ConfiguredChannels } from "../notifications";
import { requireOperator, type Viewer } from "../accounts";
import { leadMessage } from "./server/lead-message";
import { createRateLimiter, DEFAULT_LEAD_LIMITS, tooManyLeadsMessage, type LeadLimits, type LimiterLog } from "./server/lead-rate-limit";
import { leadsCsv } from "./server/lead-export";
import { toLead } from "./server/lead-row";

export { toLead };
import { createPrivacyService, type Forgetting } from "./server/privacy";
import { purgeExpiredLeads } from "./server/lead-retention";
import type { Visitor } from "../../server/http/visitor-cookie";
import { holdsOwnerKey, newOwnerKey, recogniseVisitor } from "./server/visitor-pass";
import { m } from "../../shared/i18n/compiled/messages.js";

export const LEADS_PAGE_SIZE = 50;
export const MAX_LEADS_PAGE_SIZE = 200;

/** Longer than any filter form's choices can make; a guard on what is stored, not a limit a family meets. */
export const MAX_STORED_FILTERS = 2000;

/**
 * Keeps what the family of this number applied on the filter form (already checked by the
 * form's schema) with their lead; a number with no lead (withdrawn) gets nothing back.
 */
export async function rememberFilters(db: Database, phone: string, filter: HelperFilter): Promise<void> {
  const { supplier: _supplier, ...chosen } = filter;
  const stored = toListingSearchParams(chosen).toString();
  if (stored.length > MAX_STORED_FILTERS) return;
  await db
    .update(visitors)
    .set({ filters: stored || null })
    .where(eq(visitors.phone, phone));
}

/** What a lead's notification needs to know. */
export interface LeadNotice {
  siteName: string;
  channels: ConfiguredChannels;
}

/**
 * What passing the gate gives back: the lead joined and what was typed, never what an earlier
 * visit stored. `key` proves the number is this browser's: the new lead's key for the browser
 * that first gave it, the key it already holds for its own number, else null.
 */
export interface GatePass {
  leadId: string;
  name: string;
  phone: string;
  key: string | null;
}

/**
 * Stores a validated lead (or counts a repeat visit) and queues support's notification; both or
 * neither. `visitor` is the cookie of the browser giving it, whose key is kept if it is this lead's.
 */
export async function recordLead(
  db: Database,
  notice: LeadNotice,
  input: ValidLead,
  { visitor = null, now = new Date() }: { visitor?: Visitor | null; now?: Date } = {},
): Promise<GatePass> {
  const fresh = newOwnerKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitors)
      .values({ name: input.name, phone: input.phone, visits: 1, firstSeenAt: now, lastSeenAt: now, ownerKeyHash: fresh.hash })
      .onConflictDoUpdate({ target: visitors.phone, set: { visits: sql`${visitors.visits} + 1`, lastSeenAt: now } })
      .returning();
    await enqueueMessage(tx, notice.channels, leadMessage(notice, { ...row!, givenName: input.name }));
    const kept = visitor?.leadId === row!.id && holdsOwnerKey(visitor.key, row!.ownerKeyHash) ? visitor.key : null;
    const key = row!.ownerKeyHash === fresh.hash ? fresh.key : kept;
    return { leadId: row!.id, name: input.name, phone: row!.phone, key };
  });
}

function search(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text)}%`;
  // A number as people write one (+65 9123-4567, (65) 9123 4567); the digits of a name or a
  // reference ("Tag3f2a1b") are not a phone number to look for.
  const digits = /^[\d\s()+.-]+$/.test(text) ? text.replace(/\D/g, "") : "";
  return digits.length >= 3 ? or(ilike(visitors.name, like), ilike(visitors.phone, `%${digits}%`)) : ilike(visitors.name, like);
}

export interface LeadPage {
  items: Lead[];
  total: number;
  page: number;
  pageSize: number;
}

/** Leads whose name or phone matches `q`, most recently seen first. */
export async function listLeads(db: Database, options: { q?: string; page?: number; pageSize?: number } = {}): Promise<LeadPage> {
  const pageSize = Math.min(Math.max(1, Math.floor(options.pageSize ?? LEADS_PAGE_SIZE)), MAX_LEADS_PAGE_SIZE);
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const where = search(options.q);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(visitors)
      .where(where)
      .orderBy(desc(visitors.lastSeenAt), desc(visitors.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(visitors).where(where),
  ]);
  return { items: rows.map(toLead), total: counted?.total ?? 0, page, pageSize };
}

/** Every lead matching `q` as CSV, most recently seen first. */
export async function exportLeadsCsv(db: Database, q?: string): Promise<string> {
  const rows = await db.select().from(visitors).where(search(q)).orderBy(desc(visitors.lastSeenAt), desc(visitors.id));
  return leadsCsv(rows.map(toLead));
}

export interface LeadServiceDeps {
  db: Database;
  notice: LeadNotice;
  /** Shares the rate limit between instances when set. */
  redisUrl?: string;
  limits?: LeadLimits;
  log?: LimiterLog;
  /** What a withdrawal removes besides rows: the mails' files, and the embedded database's deleted pages. */
  forgetting?: Forgetting;
}

export function createLeadService({ db, notice, redisUrl, limits, log, forgetting }: LeadServiceDeps) {
  const limiter = createRateLimiter(limits ?? DEFAULT_LEAD_LIMITS, { redisUrl, log });
  return {
    /** Counts submissions per address; shared by the API's rate limit and submit(). */
    limiter,
    /** Stores an already validated lead (see leadInputSchema) and queues its notification. */
    record: (input: ValidLead) => recordLead(db, notice, input),
    /** The visitor of a cookie whose lead still exists, and whether it proves the number is theirs. */
    recognise: (visitor: Visitor | null) => recogniseVisitor(db, visitor),
    /**
     * For the /filters gate: checks the address's rate, validates the raw form values and
     * stores the lead. Refuses with a 429 over the rate, or a 400 with a message per field, as
     * POST /api/leads does.
     */
    async submit(input: unknown, { ip, visitor = null }: { ip: string; visitor?: Visitor | null }): Promise<GatePass> {
      const hit = await limiter.hit(ip);
      if (!hit.allowed) throw tooManyRequests(tooManyLeadsMessage(hit.ttlMs));
      const parsed = parseLeadInput(input);
      if (!parsed.ok) throw badRequest(m.server_error_lead_check(), parsed.fields);
      return recordLead(db, notice, parsed.lead, { visitor });
    },
    /** PDPA: a visitor's own data, withdrawals of consent, and operators' list of those to carry out. */
    privacy: createPrivacyService({ db, limiter, ...forgetting }),
    /** What the family with this number (from their signed visitor cookie) applied on /filters. */
    rememberFilters: (phone: string, filter: HelperFilter) => rememberFilters(db, phone, filter),
    /** The leads, for an operator only. */
    list(viewer: Viewer | null | undefined, options: { q?: string; page?: number; pageSize?: number } = {}) {
      requireOperator(viewer);
      return listLeads(db, options);
    },
    exportCsv(viewer: Viewer | null | undefined, q?: string) {
      requireOperator(viewer);
      return exportLeadsCsv(db, q);
    },
    /**
     * Deletes what the privacy policy says is not kept (leads past their retention, delivered
     * notifications after a few weeks); `deleted` counts both. Safe on several instances at once.
     */
    async purgeExpired(now = new Date()) {
      const deleted = await purgeExpiredLeads(db, now, forgetting);
      return { ...deleted, deleted: deleted.leads + deleted.notifications };
    },
    close: () => limiter.close(),
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
