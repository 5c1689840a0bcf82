/**
 * Contacts: a family pressing WhatsApp, Telegram or web chat on a biodata is recorded against
 * the helper and her supplier, and the supplier sees how many families reached them about each
 * biodata in the last 30 days. Only what the public sees can be contacted (the helpers' own read
 * decides); one address counts once an hour per helper, so a family pressing twice, or a script
 * pressing all day, is one contact.
 */
import { and, count, eq, gte } from "drizzle-orm";
import type { HelperService } from "../helpers";
import { countInWindow } from "../../server/db/window-count";
import { notFound, tooManyRequests } from "../../server/http/errors";
import type { FeatureGround } from "../../server/feature";
import { COUNTED_DAYS, type ContactChannel } from "./components/contact-beacon";
import { contacts } from "./server/tables";

export const CONTACT_CHANNELS = ["whatsapp", "telegram", "webchat"] as const satisfies readonly ContactChannel[];
export { COUNTED_DAYS };

const HOUR = 60 * 60_000;
/** Contacts one address may record in a minute, whatever the helpers. */
const PER_ADDRESS_A_MINUTE = 30;

export interface ContactServiceDeps extends FeatureGround {
  helpers: Pick<HelperService, "find">;
}

export function createContactService({ db, helpers }: ContactServiceDeps) {
  return {
    /** Records that a family at `ip` reached the supplier of `helperId`; false when it was counted already this hour. */
    async record(helperId: string, channel: ContactChannel, ip: string): Promise<boolean> {
      const helper = await helpers.find(helperId);
      if (!helper || helper.status !== "available") throw notFound("No available helper has this id.");
      const burst = await countInWindow(db, `contacts:${ip}`, 60_000);
      if (burst.count > PER_ADDRESS_A_MINUTE) {
        throw tooManyRequests("Too many contacts from your connection. Please try again in a minute.", Math.ceil(burst.ttlMs / 1000));
      }
      const seen = await countInWindow(db, `contacts:${ip}:${helperId}`, HOUR);
      if (seen.count > 1) return false;
      await db.insert(contacts).values({ helperId, supplierId: helper.supplier.id, channel });
      return true;
    },
    /** A supplier's contacts of the last 30 days, by biodata id (biodata with none are absent). */
    async countsFor(supplierId: string, now = new Date()): Promise<Map<string, number>> {
      const since = new Date(now.getTime() - COUNTED_DAYS * 24 * HOUR);
      const rows = await db
        .select({ helperId: contacts.helperId, contacts: count() })
        .from(contacts)
        .where(and(eq(contacts.supplierId, supplierId), gte(contacts.createdAt, since)))
        .groupBy(contacts.helperId);
      return new Map(rows.map((row) => [row.helperId, row.contacts]));
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
