/**
 * better-auth's own endpoints are ways in too: a script can call /api/auth/sign-up/email or
 * /api/auth/update-user without the site's forms. This plugin holds them to the same rules as
 * the forms, before better-auth acts: the account's details through the profile form's schema,
 * only the fields that form owns, no easily guessed passwords (common ones, or made of the site's
 * name and the person's own details), and the shared limit on checks of the current password.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { z } from "zod";
import { accountDetailsSchema } from "../../../shared/account-schema";
import { CLIENT_IP_HEADER } from "../../../server/http/web-bridge";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { roleOf } from "../../../shared/roles";
import { signsUpAsHelper } from "./auth-calls";
import { fieldsNotAllowed } from "./auth-words";
import { weakPasswordReason } from "./common-passwords";
import type { ResendVerdict } from "./confirmation-resend-limit";
import type { PasswordCheckLimiter } from "./password-check-limit";

/** What each endpoint may be sent; anything else (an `image`, a `role`) is refused outright. */
const DETAILS = ["name", "companyName", "eaLicenceNumber", "phone", "telegram"] as const;
export const ALLOWED_FIELDS: Record<string, readonly string[]> = {
  "/sign-up/email": [...DETAILS, "email", "password", "callbackURL", "rememberMe"],
  "/update-user": DETAILS,
};

/** Where a new password is chosen, and the field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
};

/** Endpoints that check the current password. */
const CURRENT_PASSWORD_PATHS = new Set(["/change-password"]);

const RESET_REQUEST_PATH = "/request-password-reset";
/** better-auth's own answer, given whether or not the account exists. */
const RESET_REQUESTED = { status: true, message: "If this email exists in our system, check your email for the reset link" };

/** A new confirmation link: limited per address, whether asked from the dashboard or the API. */
const CONFIRMATION_RESEND_PATH = "/send-verification-email";

const GUARDED_PATHS = new Set([
  ...Object.keys(ALLOWED_FIELDS),
  ...Object.keys(NEW_PASSWORD_FIELD),
  ...CURRENT_PASSWORD_PATHS,
  RESET_REQUEST_PATH,
  CONFIRMATION_RESEND_PATH,
]);

type Body = Record<string, unknown>;

/** What a helper's account has not: she is no company, holds no licence, and is reached only through the site. */
const NOT_A_HELPERS = new Set(["companyName", "eaLicenceNumber", "telegram"]);

/** Whether the account signing up, or signed in, is a helper's (a direct hire). */
async function isHelperAccount(ctx: GuardContext): Promise<boolean> {
  if (ctx.path === "/sign-up/email") return signsUpAsHelper(ctx.headers);
  if (ctx.path !== "/update-user") return false;
  return roleOf((await getSessionFromCtx(ctx))?.user.role) === "helper";
}

function refuseUnknownFields(path: string, body: Body, helper: boolean): void {
  const allowed = ALLOWED_FIELDS[path]?.filter((key) => !(helper && NOT_A_HELPERS.has(key)));
  if (!allowed) return;
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key) && !(helper && NOT_A_HELPERS.has(key) && !body[key]));
  if (unknown.length === 0) return;
  throw new APIError("BAD_REQUEST", { code: "FIELD_NOT_ALLOWED", ...fieldsNotAllowed(unknown) });
}

/** Checks the details given (all of them at sign-up, those sent at update) and stores them normalised. */
function checkDetails(path: string, body: Body): void {
  if (!ALLOWED_FIELDS[path]) return;
  const schema = path === "/update-user" ? accountDetailsSchema.partial() : accountDetailsSchema;
  const given = Object.fromEntries(DETAILS.filter((key) => key in body).map((key) => [key, body[key]]));
  const result = schema.safeParse(given);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
    throw new APIError("BAD_REQUEST", { code: "INVALID_INPUT", message: Object.values(fields)[0], fields });
  }
  // better-auth stores what is in the body: the trimmed name, the phone in E.164 and the
  // licence in capitals go in its place (hooks can add to the body, not take away from it).
  for (const [key, value] of Object.entries(result.data)) if (key in given) body[key] = value;
}

type GuardContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Person = { email?: unknown; name?: unknown; companyName?: unknown };

/** Whom the new password is for: the details sent at sign-up, else the account's own. */
async function personOf(ctx: GuardContext, body: Body): Promise<Person | null> {
  if (ctx.path === "/sign-up/email") return body;
  if (ctx.path === "/reset-password") {
    if (typeof body.token !== "string") return null;
    const reset = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${body.token}`);
    return reset ? ctx.context.internalAdapter.findUserById(reset.value) : null;
  }
  return (await getSessionFromCtx(ctx))?.user ?? null;
}

/** A password on the common lists, or made of the site's words and the person's own, is refused. */
async function refuseWeakPassword(ctx: GuardContext, body: Body, siteName: string): Promise<void> {
  const field = NEW_PASSWORD_FIELD[ctx.path];
  const password = field ? body[field] : undefined;
  if (typeof password !== "string") return;
  const person = await personOf(ctx, body);
  const inputs = [siteName, person?.email, person?.name, person?.companyName].map((value) => (typeof value === "string" ? value : null));
  const reason = weakPasswordReason(password, inputs);
  if (reason) throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: reason, fields: { [field!]: reason } });
}

const resetRequestSchema = z.object({ email: z.email(), redirectTo: z.string().max(2000).optional() });

export interface AccountGuardOptions {
  /** The site's name: a password made of it is refused. */
  siteName: string;
  passwordChecks: PasswordCheckLimiter;
  /**
   * Does the real work of a reset request (find the account, make a token, queue the mail).
   * Called after the answer, so the answer takes as long for an unknown address as a known one.
   */
  requestResetLater(body: { email: string; redirectTo?: string }): void;
  /** Counts a request for a new confirmation link to this address (confirmation-resend-limit.ts). */
  confirmationResend(email: string): Promise<ResendVerdict>;
  /** Whether an account other than this one (none at sign-up) holds the licence (licence-claims.ts). */
  licenceHeldByAnother(licence: string, exceptId: string | null): Promise<boolean>;
  /** The refusal of a licence another account holds, read when it is made (in the request's language). */
  licenceTakenMessage(): string;
}

const LICENCE_PATHS = new Set(["/sign-up/email", "/update-user"]);

function licenceTakenError(options: AccountGuardOptions): APIError {
  const message = options.licenceTakenMessage();
  return new APIError("CONFLICT", { code: "LICENCE_TAKEN", message, fields: { eaLicenceNumber: message } });
}

/** A licence another account holds is refused at its field before anything is written. */
async function refuseTakenLicence(ctx: GuardContext, body: Body, options: AccountGuardOptions): Promise<void> {
  if (!LICENCE_PATHS.has(ctx.path) || typeof body.eaLicenceNumber !== "string") return;
  const exceptId = ctx.path === "/update-user" ? ((await getSessionFromCtx(ctx))?.user.id ?? null) : null;
  if (await options.licenceHeldByAnother(body.eaLicenceNumber, exceptId)) throw licenceTakenError(options);
}

async function limitConfirmationResends(options: AccountGuardOptions, body: Body): Promise<void> {
  const email = z.email().safeParse(body.email);
  if (!email.success) throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: m.server_error_auth_invalid_email() });
  const verdict = await options.confirmationResend(email.data);
  if (verdict.allowed) return;
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_CONFIRMATION_MAILS", message: verdict.message },
    { "retry-after": String(verdict.retryAfterSeconds), "x-retry-after": String(verdict.retryAfterSeconds) },
  );
}

export function accountGuard(options: AccountGuardOptions) {
  return {
    id: "account-guard",
    hooks: {
      before: [
        {
          matcher: (context) => GUARDED_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const body: unknown = ctx.body;
            if (typeof body !== "object" || body === null || Array.isArray(body)) return;
            // A request from outside answers at once; the later call (no request) does the work.
            if (ctx.path === RESET_REQUEST_PATH && ctx.request) {
              const parsed = resetRequestSchema.safeParse(body);
              if (!parsed.success)
                throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: m.server_error_auth_invalid_email() });
              options.requestResetLater(parsed.data);
              return ctx.json(RESET_REQUESTED);
            }
            if (ctx.path === CONFIRMATION_RESEND_PATH) return limitConfirmationResends(options, body as Body);
            refuseUnknownFields(ctx.path, body as Body, await isHelperAccount(ctx));
            checkDetails(ctx.path, body as Body);
            await refuseTakenLicence(ctx, body as Body, options);
            await refuseWeakPassword(ctx, body as Body, options.siteName);
            if (CURRENT_PASSWORD_PATHS.has(ctx.path)) {
              const session = await getSessionFromCtx(ctx);
              if (!session) return;
              const verdict = await options.passwordChecks.hit(session.user.id, ctx.headers?.get(CLIENT_IP_HEADER));
              if (!verdict.allowed) {
                throw new APIError(
                  "TOO_MANY_REQUESTS",
                  { code: "TOO_MANY_PASSWORD_CHECKS", message: verdict.message },
                  { "retry-after": String(verdict.retryAfterSeconds), "x-retry-after": String(verdict.retryAfterSeconds) },
                );
              }
            }
          }),
        },
      ],
      after: [
        {
          // Two sign-ups with one licence at the same moment: the index lets one through, and
          // better-auth answers the other "failed to create user"; it is told what happened.
          matcher: (context) => context.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            const body = ctx.body as Body | undefined;
            // better-auth's refusal ("failed to create user"), by its status: its class is bundled apart.
            const status = returned && typeof returned === "object" ? (returned as { statusCode?: unknown }).statusCode : undefined;
            if (status !== 422 || typeof body?.eaLicenceNumber !== "string") return;
            if (await options.licenceHeldByAnother(body.eaLicenceNumber, null)) throw licenceTakenError(options);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
