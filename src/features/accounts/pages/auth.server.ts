/**
 * Page actions talk to better-auth through the accounts service, which calls its HTTP handler
 * (server/auth-calls.ts): a form posted to /login counts against the same limits as the API.
 */
import { type AppLoadContext } from "react-router";
import type { AuthCall, AuthResult } from "../server/auth-calls";

export type { AuthResult };
export { authMessage, tooManyAttempts } from "../server/auth-calls";

export function callAuth(
  context: AppLoadContext,
  path: string,
  options: Omit<AuthCall, "ip" | "origin" | "locale"> = {},
): Promise<AuthResult> {
  return context.services.accounts.callAuth(path, { ...options, ip: context.ip, origin: context.config.publicUrl, locale: context.locale });
}
