/**
 * When mail can really be sent, a new e-mail address takes effect only once a link sent to it is
 * opened: an address mistyped, or someone else's, never becomes where password resets go. The
 * link's token is stored as a SHA-256 hash, like reset tokens; a newer request voids older ones.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../server/db/connect";
import { user, verification } from "./tables";
import { HttpError } from "../../../server/http/errors";
import { enqueueMessage, inReaderLocale, type ConfiguredChannels } from "../../notifications";
import { m } from "../../../shared/i18n/compiled/messages.js";

const KIND = "change-email";
const VALID_FOR_MS = 24 * 60 * 60 * 1000;
export const CONFIRM_EMAIL_PATH = "/confirm-email";

/** What the account's messages need to know. */
export interface MailSettings {
  siteName: string;
  publicUrl: string;
  channels: ConfiguredChannels;
}

interface Pending {
  userId: string;
  email: string;
}

const storedIdentifier = (token: string) => `${KIND}:${createHash("sha256").update(`${KIND}:${token}`).digest("base64url")}`;

/** The `value` of a pending change starts with the account, so its older requests can be found. */
const valueOf = (pending: Pending) => JSON.stringify({ userId: pending.userId, email: pending.email });
const accountPrefix = (userId: string) => `${JSON.stringify({ userId }).slice(0, -1)},%`;

export async function requestEmailChange(
  tx: Executor,
  settings: MailSettings,
  change: { userId: string; name: string; oldEmail: string; newEmail: string },
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await tx
    .delete(verification)
    .where(and(like(verification.identifier, `${KIND}:%`), like(verification.value, accountPrefix(change.userId))));
  await tx.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: storedIdentifier(token),
    value: valueOf({ userId: change.userId, email: change.newEmail }),
    expiresAt: new Date(Date.now() + VALID_FOR_MS),
  });
  const link = `${settings.publicUrl}${CONFIRM_EMAIL_PATH}?token=${token}`;
  await enqueueMessage(tx, settings.channels, {
    kind: "email-change-confirm",
    to: { email: change.newEmail, name: change.name },
    subject: m.notifications_email_change_subject({ site: settings.siteName }),
    text: [
      m.notifications_hello({ name: change.name }),
      "",
      m.notifications_email_change_body({ site: settings.siteName, newEmail: change.newEmail, oldEmail: change.oldEmail, link }),
    ].join("\n"),
  });
}

/** The old address hears of every change, so an account taken over does not go unnoticed. */
export async function tellOldAddress(tx: Executor, settings: MailSettings, change: { name: string; oldEmail: string; newEmail: string }) {
  await enqueueMessage(tx, settings.channels, {
    kind: "email-changed",
    to: { email: change.oldEmail, name: change.name },
    subject: m.notifications_email_changed_subject({ site: settings.siteName }),
    text: [
      m.notifications_hello({ name: change.name }),
      "",
      m.notifications_email_changed_body({ site: settings.siteName, oldEmail: change.oldEmail, newEmail: change.newEmail }),
    ].join("\n"),
  });
}

const linkInvalid = () =>
  new HttpError(400, "invalid_link", "This link does not work any more: it was used, replaced by a newer one, or is over a day old.");
const emailTaken = () => new HttpError(409, "email_taken", "Another account already uses this email.");

/**
 * Opens a confirmation link: the account's address becomes the new one (returned), and the old
 * one is told. A link that is unknown, used or old is refused with a 400, an address another
 * account took meanwhile with a 409; either way the link is used up.
 */
export async function confirmEmailChange(db: Database, settings: MailSettings, token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw linkInvalid();
  let outcome: { email: string } | "invalid" | "taken";
  try {
    // The refusals are returned from the transaction, not thrown in it: the used link stays deleted.
    outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(verification)
        .where(and(eq(verification.identifier, storedIdentifier(token)), gt(verification.expiresAt, new Date())))
        .returning();
      if (!row) return "invalid" as const;
      const pending = JSON.parse(row.value) as Pending;
      const [before] = await tx.select().from(user).where(eq(user.id, pending.userId)).for("update");
      if (!before) return "invalid" as const;
      const taken = await tx
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${pending.email} and ${user.id} <> ${pending.userId}`)
        .limit(1);
      if (taken.length > 0) return "taken" as const;
      await tx.update(user).set({ email: pending.email, emailVerified: true }).where(eq(user.id, pending.userId));
      // Whoever opens the link, the supplier reads it in the language of their profile.
      const change = { name: before.name, oldEmail: before.email, newEmail: pending.email };
      await inReaderLocale(before.locale, () => tellOldAddress(tx, settings, change));
      return { email: pending.email };
    });
  } catch (error) {
    // Two accounts confirming one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (outcome === "invalid") throw linkInvalid();
  if (outcome === "taken") throw emailTaken();
  return outcome.email;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === "23505") return true;
  }
  return false;
}
