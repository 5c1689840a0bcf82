/**
 * Deletes what the privacy policy says is not kept: visitors whose latest visit is older than
 * the retention period, and delivered notifications (which repeat a lead's name and phone)
 * after a few weeks. Runs at start and then daily; safe to run on several instances at once.
 */
import { lt } from "drizzle-orm";
import { forgetDeliveredBefore, forgetMailFiles } from "../../notifications";
import type { Forgetting } from "./privacy";
import { DELIVERED_NOTIFICATION_RETENTION_DAYS, LEAD_RETENTION_MONTHS } from "../../../shared/retention";
import type { Database } from "../../../server/db/connect";
import { visitors } from "./tables";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function purgeExpiredLeads(db: Database, now = new Date(), forgetting: Forgetting = {}) {
  const leadsBefore = new Date(now);
  leadsBefore.setUTCMonth(leadsBefore.getUTCMonth() - LEAD_RETENTION_MONTHS);
  const deliveredBefore = new Date(now.getTime() - DELIVERED_NOTIFICATION_RETENTION_DAYS * DAY_MS);
  const leads = await db.delete(visitors).where(lt(visitors.lastSeenAt, leadsBefore)).returning({ id: visitors.id });
  const notifications = await forgetDeliveredBefore(db, deliveredBefore);
  // The mails kept as files go with their rows; what was deleted is compacted away (decision 154).
  if (forgetting.outboxDir)
    await forgetMailFiles(
      forgetting.outboxDir,
      notifications.filter((mail) => mail.channel === "file"),
    );
  if (leads.length + notifications.length > 0) await forgetting.compact?.();
  return { leads: leads.length, notifications: notifications.length };
}
