/**
 * Accounts and sessions: better-auth with e-mail and password, sessions in the database (so
 * signing out ends a session everywhere at once), rate limits kept in the database so several
 * instances share them, and password-reset mail through the outbox.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../config";
import type { Database } from "../db/connect";
import * as schema from "../db/schema";
import { CLIENT_IP_HEADER } from "../http/web-bridge";
import { enqueueMessage } from "../notify/outbox";

export const AUTH_BASE_PATH = "/api/auth";
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export interface AuthLimits {
  /** Attempts per minute from one address at sign-in, sign-up and password reset. */
  signIn: number;
  signUp: number;
  resetPassword: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { signIn: 10, signUp: 5, resetPassword: 5 };

export function createAuth(config: Config, db: Database, secret: string, limits: AuthLimits = DEFAULT_AUTH_LIMITS) {
  return betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      additionalFields: {
        // The role is never taken from a request: operators are made from the command line.
        role: { type: "string", required: false, defaultValue: "supplier", input: false },
        companyName: { type: "string", required: false },
        eaLicenceNumber: { type: "string", required: false },
        phone: { type: "string", required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // With auto sign-in, a taken e-mail is refused plainly (422) rather than answered as a success.
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await enqueueMessage(db, config, {
          kind: "password-reset",
          to: { email: user.email, name: user.name },
          subject: `Reset your ${config.siteName} password`,
          text: [
            `Hello ${user.name},`,
            "",
            `Someone (we hope you) asked to reset the password of your ${config.siteName} account.`,
            `Choose a new password here within the next hour: ${url}`,
            "",
            "If it was not you, ignore this message: your password stays as it is.",
          ].join("\n"),
        });
      },
    },
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
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
