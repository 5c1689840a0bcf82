/**
 * A supplier's own account: the profile they edit, their avatar, and their e-mail address.
 * Passwords stay with better-auth; this only asks it whether a password is right.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { photoUrls } from "../../shared/media";
import { roleOf, type Role } from "../../shared/roles";
import { isSupplierLocale, type SupplierLocale } from "../../shared/i18n/locales";
import type { Database } from "../../server/db/connect";
import { account, user } from "./server/tables";
import { badRequest, forbidden, tooManyRequests } from "../../server/http/errors";
import type { ImageUsedElsewhere, MediaStorage } from "../media";
import { keysNotOwned, markUsed, releaseUnused, storedFileExists } from "../media";
import type { Auth } from "./server/auth";
import { callAuth, resendConfirmation, type AuthCall } from "./server/auth-calls";
import { confirmEmailChange, isUniqueViolation, requestEmailChange, tellOldAddress, type MailSettings } from "./server/email-change";
import { isLicenceTaken, licenceHeldByAnother, licenceTaken, refusingTakenLicences } from "./server/licence-claims";
import type { PasswordCheckLimiter } from "./server/password-check-limit";
import type { Viewer } from "./server/viewer";
import { requireUser } from "./server/guards";
import { findIdentityCheck } from "./server/identity-checks";
import { m } from "../../shared/i18n/compiled/messages.js";

export interface Profile {
  id: string;
  name: string;
  email: string;
  companyName: string | null;
  eaLicenceNumber: string | null;
  /** When an operator checked the licence against MOM's directory (decision 100). */
  licenceCheckedAt: Date | null;
  /** An operator's refusal of a licence (decision 164): the number refused and why; null when none is. */
  licenceRefusal: { number: string; reason: string } | null;
  phone: string | null;
  /** Telegram user name, without the @. */
  telegram: string | null;
  role: Role;
  emailVerified: boolean;
  avatar: { key: string; url: string; thumbUrl: string } | null;
  /** The language of the account's own pages; English until one is chosen. */
  locale: SupplierLocale;
}

export interface ProfileChanges {
  name: string;
  email: string;
  companyName: string | null;
  eaLicenceNumber: string | null;
  phone: string | null;
  telegram?: string | null;
  /** Needed only when the e-mail address changes. */
  currentPassword?: string | null;
}

/** A saved profile: whether the e-mail address changed now, or waits for its confirmation. */
export interface ProfileSaved {
  emailChanged?: boolean;
  /** The new address a confirmation link was sent to. */
  emailPending?: string;
}

const accountGone = () => badRequest(m.server_error_account_gone(), { form: m.server_error_account_gone() });
const emailTakenError = () => badRequest(m.server_error_email_taken(), { email: m.server_error_email_taken() });

/** An avatar key made by the upload endpoint: avatars/ and a random name. */
export const AVATAR_KEY = /^avatars\/[A-Za-z0-9_-]{8,64}$/;

export interface AccountServiceDeps {
  /** For the account's messages; with real e-mail, a new address is confirmed from its inbox. */
  mail: MailSettings;
  db: Database;
  auth: Auth;
  storage: MediaStorage;
  passwordChecks: PasswordCheckLimiter;
  /** Whether a biodata shows an image: a replaced avatar's files stay while one does. */
  imageUsedElsewhere: ImageUsedElsewhere;
  /** The site's WhatsApp number, named in the refusal of a licence another account holds. */
  contactPhone: string;
  /**
   * Called once a save changed what public pages show of the supplier (name, company, licence,
   * phone, Telegram, picture): delivers here what the user row's trigger announced, so this
   * instance drops its kept pages before the answer, as a biodata save does (decision 189).
   */
  publicChanged?: () => Promise<void>;
}

export function createAccountService({
  mail,
  db,
  auth,
  storage,
  passwordChecks,
  imageUsedElsewhere,
  contactPhone,
  publicChanged,
}: AccountServiceDeps) {
  async function find(id: string): Promise<Profile | null> {
    const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
    if (!row) return null;
    const urls = photoUrls(row.image);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      companyName: row.companyName,
      eaLicenceNumber: row.eaLicenceNumber,
      licenceCheckedAt: row.licenceCheckedAt,
      licenceRefusal: row.licenceRefusedAt ? { number: row.licenceRefusedNumber ?? "", reason: row.licenceRefusalReason ?? "" } : null,
      phone: row.phone,
      telegram: row.telegram,
      role: roleOf(row.role),
      emailVerified: row.emailVerified,
      avatar: urls && row.image ? { key: row.image, ...urls } : null,
      locale: isSupplierLocale(row.locale) ? row.locale : "en",
    };
  }

  /**
   * The only way this service checks a current password: every check counts against the shared
   * limit first (the password change on better-auth's side counts against the same one).
   */
  async function checkCurrentPassword(userId: string, password: string, address?: string): Promise<void> {
    const verdict = await passwordChecks.hit(userId, address);
    if (!verdict.allowed) {
      throw tooManyRequests(verdict.message, verdict.retryAfterSeconds, { currentPassword: verdict.message, form: verdict.message });
    }
    if (!(await passwordMatches(userId, password))) {
      throw badRequest(m.server_error_wrong_current_password(), { currentPassword: m.server_error_wrong_current_password() });
    }
  }

  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const [credential] = await db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
      .limit(1);
    if (!credential?.hash) return false;
    const context = await auth.$context;
    return context.password.verify({ hash: credential.hash, password });
  }

  async function emailTaken(email: string, exceptId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(sql`lower(${user.email}) = ${email.toLowerCase()}`, ne(user.id, exceptId)))
      .limit(1);
    return Boolean(row);
  }

  /**
   * Saves the profile form. A new e-mail address is where password resets go, so changing it
   * asks for the current password (a borrowed, signed-in phone is not enough, and tries are
   * limited), and the old address is told about it. When mail can really be sent, the new
   * address is used only once a link sent to it is opened (email-change.ts).
   */
  async function update(viewer: Viewer | null | undefined, asked: ProfileChanges, address?: string): Promise<ProfileSaved> {
    const userId = requireUser(viewer).id;
    const current = await find(userId);
    if (!current) throw accountGone();
    // A helper's own account (a direct hire) has no company, licence or Telegram (decision 197).
    const changes = current.role === "helper" ? { ...asked, companyName: null, eaLicenceNumber: null, telegram: null } : asked;
    const newEmail = changes.email.toLowerCase();
    const emailChanged = newEmail !== current.email.toLowerCase();
    if (emailChanged) {
      if (!changes.currentPassword) {
        const message = m.server_error_current_password_for_email();
        throw badRequest(message, { currentPassword: message });
      }
      await checkCurrentPassword(userId, changes.currentPassword, address);
      if (await emailTaken(newEmail, userId)) throw emailTakenError();
    }
    if (changes.eaLicenceNumber && (await licenceHeldByAnother(db, changes.eaLicenceNumber, userId))) throw licenceTaken(contactPhone);
    // With real mail, the new address is confirmed from its own inbox before it is used.
    const confirmFirst = emailChanged && mail.channels.email;
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({
            name: changes.name,
            email: confirmFirst ? current.email : newEmail,
            companyName: changes.companyName,
            eaLicenceNumber: changes.eaLicenceNumber,
            phone: changes.phone,
            // A form that does not ask for it leaves it as it was.
            ...(changes.telegram === undefined ? {} : { telegram: changes.telegram }),
          })
          .where(eq(user.id, userId));
        if (confirmFirst) {
          await requestEmailChange(tx, mail, { userId, name: changes.name, oldEmail: current.email, newEmail });
        } else if (emailChanged) {
          await tellOldAddress(tx, mail, { name: changes.name, oldEmail: current.email, newEmail });
        }
      });
    } catch (error) {
      // Two people taking one address or one licence at the same moment: the unique index decides.
      if (isLicenceTaken(error)) throw licenceTaken(contactPhone);
      if (isUniqueViolation(error)) throw emailTakenError();
      throw error;
    }
    if (showsOtherwise(current, changes)) await publicChanged?.();
    return confirmFirst ? { emailPending: newEmail } : { emailChanged };
  }

  /** The language of the account's own pages (decision 113); anything but a supplier locale is refused. */
  async function setLocale(viewer: Viewer | null | undefined, locale: SupplierLocale): Promise<void> {
    const userId = requireUser(viewer).id;
    if (!isSupplierLocale(locale))
      throw badRequest("Choose one of the languages listed.", { locale: "Choose one of the languages listed." });
    const saved = await db.update(user).set({ locale }).where(eq(user.id, userId)).returning({ id: user.id });
    if (saved.length === 0) throw accountGone();
  }

  /**
   * Makes an image the account uploaded its avatar; the previous one's files are removed once
   * nothing else uses them.
   */
  async function setAvatar(viewer: Viewer, key: string): Promise<void> {
    if (!AVATAR_KEY.test(key) || !(await storedFileExists(storage, key))) {
      throw badRequest(m.server_error_avatar_missing(), { avatar: m.server_error_avatar_missing() });
    }
    const before = await db.transaction(async (tx) => {
      const [row] = await tx.select({ image: user.image }).from(user).where(eq(user.id, viewer.id)).for("update");
      if (!row) return null;
      if ((await keysNotOwned(tx, viewer, [key])).length > 0) return undefined;
      await tx.update(user).set({ image: key }).where(eq(user.id, viewer.id));
      await markUsed(tx, [key], `avatar:${viewer.id}`);
      return row;
    });
    if (before === null) throw accountGone();
    if (before === undefined) {
      throw badRequest(m.server_error_avatar_not_yours(), { avatar: m.server_error_avatar_not_yours() });
    }
    if (before.image !== key) await publicChanged?.();
    if (before.image && before.image !== key) await releaseUnused(db, storage, [before.image], imageUsedElsewhere);
  }

  /**
   * A helper deletes her own account at once (a direct hire, PDPA; decision 197): her current
   * password first, then `before` (the page removes her biodata and its photos through the
   * helpers' service), then the account, and with it her sessions and conversations.
   */
  async function deleteOwnAccount(
    viewer: Viewer | null | undefined,
    password: string,
    before: () => Promise<void>,
    address?: string,
  ): Promise<void> {
    const owner = requireUser(viewer);
    if (owner.role !== "helper") throw forbidden(m.server_error_account_delete_helpers());
    await checkCurrentPassword(owner.id, password, address);
    await before();
    await db.delete(user).where(eq(user.id, owner.id));
  }

  /**
   * better-auth's own HTTP handler. Page forms (sign-in, sign-up, password reset) go through it
   * rather than its functions, so they meet the same rate limits and origin checks as the API.
   */
  const handleAuthRequest = refusingTakenLicences((request) => auth.handler(request), contactPhone);

  return {
    find,
    update,
    setLocale,
    setAvatar,
    handleAuthRequest,
    /** A call to better-auth's handler as a page form makes it, answered as a result to show. */
    callAuth: (path: string, call: AuthCall) => callAuth(handleAuthRequest, path, call),
    /** Mails the signed-in supplier a new link to confirm their e-mail (the account guard limits how often). */
    resendConfirmation: (email: string, call: AuthCall) => resendConfirmation(handleAuthRequest, email, call),
    confirmEmailChange: (token: string) => confirmEmailChange(db, mail, token),
    /** Whether a supplier confirms their e-mail before publishing (only when mail is really sent). */
    emailNeedsConfirming: mail.channels.email,
    /** A helper's identity as an operator checked it (decision 197); null: not yet checked. */
    identityCheck: (userId: string) => findIdentityCheck(db, userId),
    deleteOwnAccount,
  };
}

/** Whether a profile save changes what the public sees of the supplier (cards, biodata pages, /suppliers). */
function showsOtherwise(current: Profile, changes: ProfileChanges): boolean {
  return (
    changes.name !== current.name ||
    changes.companyName !== current.companyName ||
    changes.eaLicenceNumber !== current.eaLicenceNumber ||
    changes.phone !== current.phone ||
    (changes.telegram !== undefined && changes.telegram !== current.telegram)
  );
}

export type AccountService = ReturnType<typeof createAccountService>;
