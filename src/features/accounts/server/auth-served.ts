/**
 * better-auth answers more than the site uses: signing in through other sites (social and OAuth
 * callbacks), linking their accounts and their tokens, deleting an account by a mailed link.
 * The site has none of them configured, so it neither serves nor documents them (auth-docs.ts):
 * what is left is e-mail and password, sessions, confirmation and reset mails, and the profile.
 */
const NOT_SERVED = new Set([
  "/sign-in/social",
  "/callback/:id",
  "/link-social",
  "/list-accounts",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/delete-user/callback",
]);

/** Whether the site serves better-auth's endpoint at `path` (as better-auth declares it, `:id` and all). */
export function authEndpointServed(path: string): boolean {
  return !NOT_SERVED.has(path);
}

/** Whether a request's path under /api/auth reaches an endpoint the site serves. */
export function authRequestServed(pathUnderBase: string): boolean {
  const path = pathUnderBase.split("?")[0]!.replace(/\/+$/, "");
  if (path.startsWith("/callback/")) return authEndpointServed("/callback/:id");
  return authEndpointServed(path);
}
