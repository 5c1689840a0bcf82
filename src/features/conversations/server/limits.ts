/**
 * How much one family, one phone number and one supplier may write. Counted in the database every
 * instance shares (server/db/window-count.ts), so a family spreading its messages over instances
 * meets the same count; a phone number is counted over every browser that gave it.
 */
import { countInWindow } from "../../../server/db/window-count";
import type { Executor } from "../../../server/db/connect";
import { tooManyRequests } from "../../../server/http/errors";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface ChatLimits {
  perFamilyMinute: number;
  perPhoneHour: number;
  newPerPhoneDay: number;
  perSupplierMinute: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = { perFamilyMinute: 20, perPhoneHour: 120, newPerPhoneDay: 20, perSupplierMinute: 60 };

async function within(db: Executor, key: string, windowMs: number, max: number, what: string): Promise<void> {
  const hit = await countInWindow(db, key, windowMs);
  if (hit.count > max) {
    const seconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
    throw tooManyRequests(
      `Too many ${what}. Please try again in ${seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
      seconds,
    );
  }
}

export function chatLimiter(db: Executor, limits: ChatLimits) {
  return {
    async familyMessage(familyId: string, phone: string) {
      await within(db, `chat:family:${familyId}`, MINUTE, limits.perFamilyMinute, "messages in a minute");
      await within(db, `chat:phone:${phone}`, HOUR, limits.perPhoneHour, "messages from this phone number in an hour");
    },
    async newConversation(phone: string) {
      await within(db, `chat:start:${phone}`, DAY, limits.newPerPhoneDay, "new conversations from this phone number today");
    },
    async supplierMessage(supplierId: string) {
      await within(db, `chat:supplier:${supplierId}`, MINUTE, limits.perSupplierMinute, "messages in a minute");
    },
  };
}
