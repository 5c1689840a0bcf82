/**
 * Accounts and sessions: better-auth with e-mail and password, sessions in the database (so
 * signing out ends a session everywhere at once), rate limits kept in the database so several
 * instances share them, and password-reset mail through the outbox.
 */
import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { and, eq, like } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../../../server/config";
import type { Database } from "../../../server/db/connect";
import { rateLimit } from "../../../server/db/schema";
import { CLIENT_IP_HEADER } from "../../../server/http/web-bridge";
import { configuredChannels, enqueueMessage, inReaderLocale } from "../../notifications";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { accountGuard } from "./account-guard";
import { AUTH_BASE_PATH, PAGE_LOCALE_HEADER, signsUpAsHelper } from "./auth-calls";
import { isSupplierLocale } from "../../../shared/i18n/locales";
import { hitConfirmationResend } from "./confirmation-resend-limit";
import { licenceHeldByAnother, licenceTakenMessage } from "./licence-claims";
import { createPasswordCheckLimiter, type PasswordCheckLimiter } from "./password-check-limit";
import * as tables from "./tables";

/** The language a supplier chose on their profile, which their mails are written in. */
const localeOf = (user: object) => (user as { locale?: unknown }).locale;

export { AUTH_BASE_PATH };
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export interface AuthLimits {
  /** Attempts per minute from one address at sign-in, sign-up and password reset. */
  signIn: number;
  signUp: number;
  resetPassword: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { signIn: 10, signUp: 5, resetPassword: 5 };

export interface AuthOptions {
  limits?: AuthLimits;
  /** The shared limit on checks of the current password (the profile's e-mail change uses it too). */
  passwordChecks?: PasswordCheckLimiter;
  log?: { error(details: object, message: string): void };
  /** An account confirmed its e-mail: its biodata become public, so cached pages must go. */
  accountConfirmed?: () => Promise<void> | void;
}

/**
 * Verification tokens are stored as a SHA-256 of the token, so a copy of the database holds no
 * working reset link. The kind before the first colon stays readable, so every outstanding link
 * of one kind can be voided for an account.
 */
async function hashIdentifier(identifier: string): Promise<string> {
  const kind = identifier.includes(":") ? identifier.slice(0, identifier.indexOf(":")) : "token";
  return `${kind}:${createHash("sha256").update(identifier).digest("base64url")}`;
}

export function createAuth(config: Config, db: Database, secret: string, options: AuthOptions = {}) {
  const limits = options.limits ?? DEFAULT_AUTH_LIMITS;
  const passwordChecks = options.passwordChecks ?? createPasswordCheckLimiter(db);
  // Filled in once better-auth exists: the plugin hands reset requests back to its own endpoint.
  const resetRequests: { send?: (body: { email: string; redirectTo?: string }) => Promise<unknown> } = {};
  // Work done after the answer (reset requests, account e-mails queued): the app waits for it as
  // it closes, so none of it meets a closed database.
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const auth = betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: tables.user,
        session: tables.session,
        account: tables.account,
        verification: tables.verification,
        rateLimit,
      },
    }),
    user: {
      additionalFields: {
        // The role is never taken from a request: operators are made from the command line.
        role: { type: "string", required: false, defaultValue: "supplier", input: false },
        companyName: { type: "string", required: false },
        eaLicenceNumber: { type: "string", required: false },
        phone: { type: "string", required: false },
        telegram: { type: "string", required: false },
        // Chosen on the profile, checked there against the supplier side's locales.
        locale: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // A new account keeps the language chosen on the sign-up page (decision 123).
          // A helper signing up herself (a direct hire) has a role of her own and no company or licence.
          async before(user, context) {
            const locale = context?.headers?.get(PAGE_LOCALE_HEADER);
            const chosen = isSupplierLocale(locale) && locale !== "en" ? { locale } : {};
            const helper = signsUpAsHelper(context?.headers)
              ? { role: "helper", companyName: null, eaLicenceNumber: null, telegram: null }
              : {};
            return { data: { ...user, ...chosen, ...helper } };
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // No session at sign-up: better-auth then answers a taken address exactly as a new one
      // (same status and shape, the password hashed either way), so sign-up never tells who has
      // an account; the owner is told by mail instead (decision 085).
      autoSignIn: false,
      async onExistingUserSignUp({ user }) {
        const site = config.siteName;
        await enqueueMessage(
          db,
          configuredChannels(config),
          inReaderLocale(localeOf(user), () => ({
            kind: "sign-up-existing",
            to: { email: user.email, name: user.name },
            subject: m.notifications_existing_subject({ site }),
            text: [
              m.notifications_hello({ name: user.name }),
              "",
              m.notifications_existing_body({ site, login: `${config.publicUrl}/login`, forgot: `${config.publicUrl}/forgot-password` }),
            ].join("\n"),
          })),
        );
      },
      revokeSessionsOnPasswordReset: true,
      // One link used voids every other link still outstanding for the account.
      async onPasswordReset({ user }) {
        await db
          .delete(tables.verification)
          .where(and(eq(tables.verification.value, user.id), like(tables.verification.identifier, "reset-password:%")));
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await enqueueMessage(
          db,
          configuredChannels(config),
          inReaderLocale(localeOf(user), () => ({
            kind: "password-reset",
            to: { email: user.email, name: user.name },
            subject: m.notifications_reset_subject({ site: config.siteName }),
            text: [m.notifications_hello({ name: user.name }), "", m.notifications_reset_body({ site: config.siteName, link: url })].join(
              "\n",
            ),
          })),
        );
      },
    },
    verification: { storeIdentifier: { hash: hashIdentifier } },
    // When mail can really be sent, a new account confirms its address by a link before anything
    // of it is public (helpers/visibility.ts); it may sign in and save drafts meanwhile.
    emailVerification: {
      sendOnSignUp: Boolean(config.mail.smtpUrl),
      expiresIn: 60 * 60 * 24,
      // The user row's trigger announces it to every instance; this one delivers it before the
      // supplier's next page, so they find their biodata public at once (decision 189).
      async afterEmailVerification() {
        await options.accountConfirmed?.();
      },
      async sendVerificationEmail({ user, token }) {
        const url = `${config.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${encodeURIComponent("/dashboard?verified=1")}`;
        await enqueueMessage(
          db,
          configuredChannels(config),
          inReaderLocale(localeOf(user), () => ({
            kind: "email-verification",
            to: { email: user.email, name: user.name },
            subject: m.notifications_verify_subject({ site: config.siteName }),
            text: [m.notifications_hello({ name: user.name }), "", m.notifications_verify_body({ site: config.siteName, link: url })].join(
              "\n",
            ),
          })),
        );
      },
    },
    plugins: [
      accountGuard({
        siteName: config.siteName,
        passwordChecks,
        confirmationResend: (email) => hitConfirmationResend(db, email),
        licenceHeldByAnother: (licence, exceptId) => licenceHeldByAnother(db, licence, exceptId),
        licenceTakenMessage: () => licenceTakenMessage(config.contactPhone),
        requestResetLater: (body) => {
          track(
            new Promise<void>((resolve) =>
              setImmediate(() => {
                const sent = resetRequests.send?.(body) ?? Promise.resolve();
                sent.catch((error: unknown) => options.log?.error({ err: error }, "a password reset request failed")).finally(resolve);
              }),
            ),
          );
        },
      }),
    ],
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a session ended on the server must stop working at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: limits.signIn },
        "/sign-up/email": { window: 60, max: limits.signUp },
        "/request-password-reset": { window: 60, max: limits.resetPassword },
        "/reset-password": { window: 60, max: limits.resetPassword },
        // The real limit on guessing the current password is the shared one in account-guard.ts
        // (5 per 15 minutes, with its own message); better-auth's 3-in-10-seconds would answer first.
        "/change-password": { window: 60, max: 30 },
      },
    },
    // An error of its own (a refusal) is answered by better-auth; any other is thrown to the
    // site, which answers a licence claimed twice at the same moment as its refusal
    // (licence-claims.ts) and anything else as the server error it is.
    onAPIError: { throw: true },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      database: { generateId: () => crypto.randomUUID() },
      // Mail is queued after the answer, so asking for a reset takes as long for an address
      // with no account as for one with an account.
      backgroundTasks: {
        handler: (task) => {
          track(task.catch((error: unknown) => options.log?.error({ err: error }, "an account e-mail could not be queued")));
        },
      },
    },
  });
  resetRequests.send = (body) => auth.api.requestPasswordReset({ body });
  return Object.assign(auth, {
    /** Resolves once the work started after an answer (reset requests, queued e-mails) is done. */
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
