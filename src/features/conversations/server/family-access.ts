/**
 * How a family opens its space (docs/glossary.md: a family is its browser keys and, when it gives
 * one, a verified e-mail). Three kinds of key open it, each kept only as its SHA-256:
 * - the private link's key, made from the family's id and a salt with a key of the site's, so a
 *   notice mailed any time later carries the same link (revoking it changes the salt);
 * - a device's own key, given to a browser that came in by a sign-in link or code, removable from
 *   the space one device at a time;
 * - one-time passes: a sign-in link mailed to the verified address or shown as a QR code (15
 *   minutes, once), and the link that confirms an address (a day, once).
 * A copy of the database opens nothing: it holds hashes, and the link's key needs the site's secret.
 */
import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../server/db/connect";
import { countInWindow } from "../../../server/db/window-count";
import { badRequest, notFound, tooManyRequests } from "../../../server/http/errors";
import { retryAfterText } from "../../../server/i18n/retry-after";
import { localHref } from "../../../shared/i18n/page-locale";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { leadPhone, visitorAbout } from "../../leads";
import { enqueueMessage, type ConfiguredChannels } from "../../notifications";
import { browserLabel } from "../../../shared/user-agent";
import { hashFamilyKey, looksLikeKey } from "./family-key";
import { chatFamilies, familyDevices, familyPasses } from "./tables";

export const SIGN_IN_PASS_MS = 15 * 60_000;
export const CONFIRM_PASS_MS = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
/** Mails one address may be sent an hour (sign-in links and confirmations), and one requester may ask for. */
const MAILS_PER_ADDRESS_HOUR = 5;
const REQUESTS_PER_REQUESTER_HOUR = 20;
/** Codes one family may show an hour. */
const CODES_PER_FAMILY_HOUR = 30;
/** Devices a family may keep signed in; the oldest goes first past it. */
export const MAX_DEVICES = 20;

const emailSchema = z.email().max(200);

export type FamilyRow = typeof chatFamilies.$inferSelect;
type Purpose = "sign-in" | "confirm-email";

export interface FamilyAccessDeps {
  db: Database;
  site: { name: string; publicUrl: string; channels: ConfiguredChannels };
  /** The site's key for kept hashes; the links' key is drawn from it. */
  hashKey: string;
}

/** A device as the space lists it. */
export interface FamilyDevice {
  id: string;
  label: string;
  createdAt: string;
}

export function createFamilyAccess({ db, site, hashKey }: FamilyAccessDeps) {
  const linkSecret = createHmac("sha256", hashKey).update("family private links").digest();
  const linkKey = (familyId: string, salt: string) => createHmac("sha256", linkSecret).update(`${familyId}:${salt}`).digest("base64url");

  function checkedEmail(value: unknown): string {
    const text = typeof value === "string" ? value.trim() : "";
    const parsed = emailSchema.safeParse(text);
    if (!parsed.success) throw badRequest(m.conversations_email_invalid(), { email: m.conversations_email_invalid() });
    return parsed.data;
  }

  async function limit(key: string, max: number): Promise<void> {
    const hit = await countInWindow(db, key, HOUR);
    if (hit.count > max) {
      throw tooManyRequests(m.conversations_too_many_mails({ when: retryAfterText(hit.ttlMs) }), Math.max(1, Math.ceil(hit.ttlMs / 1000)));
    }
  }

  async function newPass(familyId: string, purpose: Purpose, options: { email?: string; via?: "mail" | "code" } = {}) {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + (purpose === "sign-in" ? SIGN_IN_PASS_MS : CONFIRM_PASS_MS));
    await db.insert(familyPasses).values({
      familyId,
      purpose,
      tokenHash: hashFamilyKey(token),
      email: options.email ?? null,
      via: options.via ?? "mail",
      expiresAt,
    });
    return { token, expiresAt };
  }

  const signInUrl = (token: string) => `${site.publicUrl}${localHref(`/messages/sign-in/${token}`)}`;

  /** What a mail to a family is filed under, so a withdrawal of its number deletes it from the outbox too. */
  async function aboutFamily(family: { leadId: string }): Promise<{ about?: string }> {
    const phone = await leadPhone(db, family.leadId);
    return phone ? { about: visitorAbout(phone) } : {};
  }

  async function mailSignIn(family: { id: string; name: string; leadId: string }, email: string): Promise<void> {
    const pass = await newPass(family.id, "sign-in");
    await enqueueMessage(db, site.channels, {
      kind: "family-sign-in",
      ...(await aboutFamily(family)),
      to: { email, name: family.name },
      subject: m.conversations_sign_in_mail_subject({ site: site.name }),
      text: m.conversations_sign_in_mail_body({ site: site.name, link: signInUrl(pass.token), minutes: SIGN_IN_PASS_MS / 60_000 }),
    });
  }

  async function verifiedFamily(email: string): Promise<FamilyRow | undefined> {
    const [row] = await db
      .select()
      .from(chatFamilies)
      .where(and(sql`lower(${chatFamilies.email}) = lower(${email})`, sql`${chatFamilies.emailVerifiedAt} is not null`));
    return row;
  }

  /** The pass a token names, unused and within its time, for `purpose`. */
  const stillGood = (token: string, purpose: Purpose) =>
    and(
      eq(familyPasses.tokenHash, hashFamilyKey(token)),
      eq(familyPasses.purpose, purpose),
      isNull(familyPasses.usedAt),
      gt(familyPasses.expiresAt, new Date()),
    );

  /** The pass a token names if it is still good for `purpose`; undefined otherwise. */
  async function livePass(token: string, purpose: Purpose) {
    if (!looksLikeKey(token)) return undefined;
    const [row] = await db.select().from(familyPasses).where(stillGood(token, purpose));
    return row;
  }

  /** Marks a pass used, once: whoever comes second finds nothing. */
  async function usePass(token: string, purpose: Purpose) {
    if (!looksLikeKey(token)) return undefined;
    const [row] = await db.update(familyPasses).set({ usedAt: new Date() }).where(stillGood(token, purpose)).returning();
    return row;
  }

  return {
    /** A fresh private link for a family: its salt, its key and the hash kept. */
    newLink(familyId: string) {
      const salt = randomBytes(16).toString("base64url");
      const key = linkKey(familyId, salt);
      return { salt, key, hash: hashFamilyKey(key) };
    },
    /** The family's private link key, for a notice's mail; null for a family whose link predates salts. */
    linkKeyOf: (family: Pick<FamilyRow, "id" | "linkSalt">): string | null =>
      family.linkSalt ? linkKey(family.id, family.linkSalt) : null,

    /** The family a key opens (the private link's or a device's), and the device, if a device's. */
    async recognise(key: string | null | undefined): Promise<{ family: FamilyRow; deviceId: string | null } | undefined> {
      if (!looksLikeKey(key)) return undefined;
      const hash = hashFamilyKey(key);
      const [byLink] = await db.select().from(chatFamilies).where(eq(chatFamilies.keyHash, hash));
      if (byLink) return { family: byLink, deviceId: null };
      const [byDevice] = await db
        .select({ family: chatFamilies, deviceId: familyDevices.id })
        .from(familyDevices)
        .innerJoin(chatFamilies, eq(chatFamilies.id, familyDevices.familyId))
        .where(eq(familyDevices.keyHash, hash));
      return byDevice;
    },

    /**
     * The family gives an address: a link to confirm it is mailed there. An address another
     * family has verified is mailed a sign-in link to that family instead (never a second family
     * for one address); the page says the same either way.
     */
    async giveEmail(family: { id: string; name: string; leadId: string }, value: unknown, requester: string): Promise<void> {
      const email = checkedEmail(value);
      await limit(`family-mail:${email.toLowerCase()}`, MAILS_PER_ADDRESS_HOUR);
      await limit(`family-mail-from:${requester}`, REQUESTS_PER_REQUESTER_HOUR);
      const owner = await verifiedFamily(email);
      if (owner && owner.id !== family.id) return mailSignIn(owner, email);
      if (owner) return; // already this family's
      const pass = await newPass(family.id, "confirm-email", { email });
      await enqueueMessage(db, site.channels, {
        kind: "family-confirm-email",
        ...(await aboutFamily(family)),
        to: { email, name: family.name },
        subject: m.conversations_confirm_mail_subject({ site: site.name }),
        text: m.conversations_confirm_mail_body({
          site: site.name,
          link: `${site.publicUrl}${localHref(`/messages/confirm/${pass.token}`)}`,
        }),
      });
    },

    /** Whether a confirmation link is still good (its page asks before using it: mail scanners open links). */
    confirmationOpen: async (token: string) => Boolean(await livePass(token, "confirm-email")),

    /** Confirms the address a link was mailed to: it becomes the family's verified e-mail. */
    async confirmEmail(token: string): Promise<{ familyId: string }> {
      const pass = await usePass(token, "confirm-email");
      if (!pass?.email) throw notFound(m.conversations_pass_unknown());
      const taken = await verifiedFamily(pass.email);
      if (taken && taken.id !== pass.familyId) throw badRequest(m.conversations_email_taken());
      await db.update(chatFamilies).set({ email: pass.email, emailVerifiedAt: new Date() }).where(eq(chatFamilies.id, pass.familyId));
      return { familyId: pass.familyId };
    },

    /**
     * Another device asks for a sign-in link: mailed when the address is a family's verified
     * e-mail. The answer is the same whether it is or not, so the form tells nobody who uses the site.
     */
    async requestSignIn(value: unknown, requester: string): Promise<void> {
      const email = checkedEmail(value);
      await limit(`family-mail:${email.toLowerCase()}`, MAILS_PER_ADDRESS_HOUR);
      await limit(`family-mail-from:${requester}`, REQUESTS_PER_REQUESTER_HOUR);
      const family = await verifiedFamily(email);
      if (family) await mailSignIn(family, family.email!);
    },

    /** A sign-in code for the space to show as a QR code: the address it opens and until when. */
    async code(familyId: string): Promise<{ url: string; expiresAt: string }> {
      await limit(`family-code:${familyId}`, CODES_PER_FAMILY_HOUR);
      const pass = await newPass(familyId, "sign-in", { via: "code" });
      return { url: signInUrl(pass.token), expiresAt: pass.expiresAt.toISOString() };
    },

    /** Whether a sign-in link or code is still good (its page asks before using it). */
    signInOpen: async (token: string) => Boolean(await livePass(token, "sign-in")),

    /**
     * Uses a sign-in pass: this device gets a key of its own to the family's space. Once, and
     * within 15 minutes; a second use finds nothing.
     */
    async signIn(token: string, browser: string): Promise<{ family: FamilyRow; key: string }> {
      const pass = await usePass(token, "sign-in");
      if (!pass) throw notFound(m.conversations_pass_unknown());
      const [family] = await db.select().from(chatFamilies).where(eq(chatFamilies.id, pass.familyId));
      if (!family) throw notFound(m.conversations_pass_unknown());
      const key = randomBytes(32).toString("base64url");
      const label = `${pass.via === "code" ? m.conversations_device_by_code() : m.conversations_device_by_mail()} · ${browserLabel(browser)}`;
      await db.transaction(async (tx) => {
        await tx.insert(familyDevices).values({ familyId: family.id, keyHash: hashFamilyKey(key), label });
        // The oldest devices past the bound are signed out.
        await tx.execute(sql`
          delete from ${familyDevices} where family_id = ${family.id} and id not in (
            select id from ${familyDevices} where family_id = ${family.id} order by created_at desc, id desc limit ${MAX_DEVICES})`);
      });
      return { family, key };
    },

    /** The devices signed in to a family's space, oldest first. */
    async devices(familyId: string): Promise<FamilyDevice[]> {
      const rows = await db
        .select({ id: familyDevices.id, label: familyDevices.label, createdAt: familyDevices.createdAt })
        .from(familyDevices)
        .where(eq(familyDevices.familyId, familyId))
        .orderBy(asc(familyDevices.createdAt));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** Signs a device out: its key opens nothing more. Another family's device is not found. */
    async removeDevice(familyId: string, deviceId: unknown): Promise<void> {
      const id = typeof deviceId === "string" && /^[0-9a-f-]{36}$/i.test(deviceId) ? deviceId : null;
      const removed = id
        ? await db
            .delete(familyDevices)
            .where(and(eq(familyDevices.id, id), eq(familyDevices.familyId, familyId)))
            .returning({ id: familyDevices.id })
        : [];
      if (removed.length === 0) throw notFound(m.conversations_device_unknown());
    },

    /** Drops passes used or past their time (the daily sweep): they open nothing and hold an address. */
    async purgePasses(now = new Date()): Promise<number> {
      const rows = await db
        .delete(familyPasses)
        .where(or(lt(familyPasses.expiresAt, now), sql`${familyPasses.usedAt} is not null`))
        .returning({ id: familyPasses.id });
      return rows.length;
    },
  };
}

export type FamilyAccess = ReturnType<typeof createFamilyAccess>;
