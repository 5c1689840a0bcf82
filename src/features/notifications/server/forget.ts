/**
 * Notifications deleted for privacy: those that name a lead (a withdrawal of consent) and those
 * delivered past their retention. The rows go in the caller's transaction; their mail files are
 * for the caller to remove once it commits (forgetMailFiles).
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import { outbox } from "./tables";

/** What a deleted notification leaves to clean up: its kept mail file, named from these. */
export interface ForgottenNotification {
  id: string;
  kind: string;
  channel: string;
  createdAt: Date;
}

const forgotten = { id: outbox.id, kind: outbox.kind, channel: outbox.channel, createdAt: outbox.createdAt };

/** Every notification about `about` (a lead's key, visitorAbout), delivered or not. */
export function forgetNotificationsAbout(db: Executor, about: string): Promise<ForgottenNotification[]> {
  return db
    .delete(outbox)
    .where(sql`${outbox.payload}->>'about' = ${about}`)
    .returning(forgotten);
}

/** Notifications delivered before `before`. */
export function forgetDeliveredBefore(db: Executor, before: Date): Promise<ForgottenNotification[]> {
  return db
    .delete(outbox)
    .where(and(eq(outbox.status, "delivered"), lt(outbox.deliveredAt, before)))
    .returning(forgotten);
}
