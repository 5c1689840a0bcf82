/**
 * Contacts: a family pressing WhatsApp, Telegram or web chat on a biodata is recorded against
 * the helper and her supplier, with where it went (the supplier, or the site) and the family's
 * lead when their browser passed the gate. Views of a biodata and shortlistings are counted the
 * same way. The supplier sees each biodata's counts of the last 30 days. Only what the public
 * sees can be counted (the helpers' own read decides); one address (or lead) counts once an hour
 * per helper, once a day for a shortlisting, so pressing twice, or a script pressing all day, is
 * one. Rows older than the counts need are deleted daily (CONTACT_RECORD_DAYS).
 */
import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import { helperNames, type HelperService } from "../helpers";
import { countInWindow } from "../../server/db/window-count";
import { notFound, tooManyRequests } from "../../server/http/errors";
import type { FeatureGround } from "../../server/feature";
import { CONTACT_RECORD_DAYS } from "../../shared/retention";
import { COUNTED_DAYS, type ContactChannel, type CountedChannel, type InterestKind } from "./components/contact-beacon";
import { contactVia, type ContactVia } from "./components/contact-targets";
import { contacts, interest } from "./server/tables";
import { m } from "../../shared/i18n/compiled/messages.js";

export const CONTACT_CHANNELS = ["whatsapp", "telegram", "webchat"] as const satisfies readonly ContactChannel[];
export const INTEREST_KINDS = ["view", "shortlist"] as const satisfies readonly InterestKind[];
export { COUNTED_DAYS };

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/**
 * Beacons one address may send in a minute, whatever the helpers: contacts as a family presses
 * them; views and shortlistings more, as many families may share one address (a carrier's NAT).
 */
const PER_ADDRESS_A_MINUTE = { contacts: 30, interest: 120 } as const;
/** How long one family's repeated view or shortlisting of one helper counts once. */
const ONCE_PER: Record<InterestKind, number> = { view: HOUR, shortlist: DAY };

/** Who sent a beacon: their address, their lead (from the visitor cookie) and account, if any. */
export interface Sender {
  ip: string;
  leadId?: string | null;
  viewerId?: string | null;
  userAgent?: string;
}

/** Robots that run scripts are few; those that say who they are are not counted as views. */
const ROBOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse/i;

export interface ContactServiceDeps extends FeatureGround {
  helpers: Pick<HelperService, "find">;
}

/** A family's contact as their own data page lists it. */
export interface LeadContact {
  helperName: string;
  helperRef: string;
  channel: CountedChannel;
  /** Whom the button reached: the supplier, or the site passing it on. */
  via: ContactVia;
  at: Date;
}

/** The most contacts one lead's page lists; the record keeps no more than a month of them anyway. */
const LEAD_CONTACTS_SHOWN = 200;

export interface InterestCounts {
  views: number;
  shortlists: number;
  contacts: number;
}

export function createContactService({ db, helpers, settings }: ContactServiceDeps) {
  async function burst(bucket: keyof typeof PER_ADDRESS_A_MINUTE, ip: string) {
    const hits = await countInWindow(db, `${bucket}:${ip}`, 60_000);
    if (hits.count > PER_ADDRESS_A_MINUTE[bucket]) {
      const what = bucket === "contacts" ? "contacts" : "requests";
      throw tooManyRequests(`Too many ${what} from your connection. Please try again in a minute.`, Math.ceil(hits.ttlMs / 1000));
    }
  }

  async function availableHelper(helperId: string) {
    const helper = await helpers.find(helperId);
    return helper && helper.status === "available" ? helper : null;
  }

  return {
    /**
     * Records that a family reached the supplier of `helperId` (a button's beacon, or `chat`: a
     * first message through the site, counted the same); false when it was not counted (again
     * this hour, or the owner).
     */
    async record(helperId: string, channel: CountedChannel, sender: Sender): Promise<boolean> {
      await burst("contacts", sender.ip);
      const helper = await availableHelper(helperId);
      if (!helper) throw notFound(m.server_error_no_available_helper());
      if (sender.viewerId && sender.viewerId === helper.supplier.id) return false;
      const seen = await countInWindow(db, `contacts:${sender.ip}:${helperId}`, HOUR);
      if (seen.count > 1) return false;
      await db.insert(contacts).values({
        helperId,
        supplierId: helper.supplier.id,
        channel,
        via: contactVia(channel, helper.supplier, settings),
        leadId: sender.leadId ?? null,
      });
      return true;
    },
    /**
     * Counts a view of a biodata or a shortlisting; false when it was not counted (seen already,
     * a robot, the owner, or no available helper: a page left open after she was hired says
     * nothing wrong, it is just not counted).
     */
    async note(helperId: string, kind: InterestKind, sender: Sender): Promise<boolean> {
      await burst("interest", sender.ip);
      const helper = await availableHelper(helperId);
      if (!helper) return false;
      if (sender.userAgent && ROBOT.test(sender.userAgent)) return false;
      if (sender.viewerId && sender.viewerId === helper.supplier.id) return false;
      const seen = await countInWindow(db, `${kind}:${sender.leadId ?? sender.ip}:${helperId}`, ONCE_PER[kind]);
      if (seen.count > 1) return false;
      await db.insert(interest).values({ helperId, supplierId: helper.supplier.id, kind });
      return true;
    },
    /**
     * The contacts recorded with this lead, newest first, for the family's own data page. Views
     * and shortlistings name no lead (nothing about the family is kept with them), so have none.
     * Each names its helper from the helpers' read model (decision 190).
     */
    async ofLead(leadId: string): Promise<LeadContact[]> {
      const rows = await db
        .select({
          helperName: helperNames.name,
          helperRef: helperNames.ref,
          channel: contacts.channel,
          via: contacts.via,
          at: contacts.createdAt,
        })
        .from(contacts)
        .innerJoin(helperNames, eq(helperNames.id, contacts.helperId))
        .where(eq(contacts.leadId, leadId))
        .orderBy(desc(contacts.createdAt))
        .limit(LEAD_CONTACTS_SHOWN);
      return rows.map((row) => ({
        ...row,
        channel: row.channel as CountedChannel,
        via: row.via === "site" ? "site" : "supplier",
      }));
    },
    /** A supplier's views, shortlistings and contacts of the last 30 days, by biodata id (biodata with none are absent). */
    async countsFor(supplierId: string, now = new Date()): Promise<Map<string, InterestCounts>> {
      const since = new Date(now.getTime() - COUNTED_DAYS * DAY);
      const [contacted, noted] = await Promise.all([
        db
          .select({ helperId: contacts.helperId, n: count() })
          .from(contacts)
          .where(and(eq(contacts.supplierId, supplierId), gte(contacts.createdAt, since)))
          .groupBy(contacts.helperId),
        db
          .select({ helperId: interest.helperId, kind: interest.kind, n: count() })
          .from(interest)
          .where(and(eq(interest.supplierId, supplierId), gte(interest.createdAt, since)))
          .groupBy(interest.helperId, interest.kind),
      ]);
      const counts = new Map<string, InterestCounts>();
      const of = (id: string) => {
        let entry = counts.get(id);
        if (!entry) counts.set(id, (entry = { views: 0, shortlists: 0, contacts: 0 }));
        return entry;
      };
      for (const row of contacted) of(row.helperId).contacts = row.n;
      for (const row of noted) {
        if (row.kind === "view") of(row.helperId).views = row.n;
        else if (row.kind === "shortlist") of(row.helperId).shortlists = row.n;
      }
      return counts;
    },
    /** Deletes contacts, views and shortlistings older than CONTACT_RECORD_DAYS (daily, at start too). */
    async sweep(now = new Date()): Promise<{ deleted: number }> {
      const before = new Date(now.getTime() - CONTACT_RECORD_DAYS * DAY);
      const gone = await db.delete(contacts).where(lt(contacts.createdAt, before)).returning({ id: contacts.id });
      const noted = await db.delete(interest).where(lt(interest.createdAt, before)).returning({ id: interest.id });
      return { deleted: gone.length + noted.length };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
