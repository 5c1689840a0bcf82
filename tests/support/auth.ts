/**
 * Accounts for tests, made through the real sign-up and sign-in endpoints; the session cookie
 * they return is what a test sends as that user.
 */
import { eq } from "drizzle-orm";
import type { Viewer } from "../../src/features/accounts";
import { user } from "../../src/features/accounts/server/tables";
import { uniqueEmail } from "./factories";
import type { TestApp } from "./test-app";

export const TEST_PASSWORD = "correct horse battery";

export interface SignedIn {
  id: string;
  email: string;
  name: string;
  /** The Cookie header to send as this user. */
  cookie: string;
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(";")[0]).join("; ");
}

export async function signUp(
  t: TestApp,
  values: { name?: string; email?: string; password?: string; role?: "supplier" | "helper" | "operator" } = {},
): Promise<SignedIn> {
  const email = values.email ?? uniqueEmail();
  const name = values.name ?? "Test Supplier";
  const password = values.password ?? TEST_PASSWORD;
  const signUpResponse = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: "http://localhost:3000" },
    payload: { name, email, password },
  });
  if (signUpResponse.statusCode !== 200) throw new Error(`sign-up failed: ${signUpResponse.body}`);
  const id = signUpResponse.json().user.id as string;
  // Made as a supplier (the API signs up no other role), then given its role.
  if (values.role && values.role !== "supplier") await t.db.update(user).set({ role: values.role }).where(eq(user.id, id));
  return { id, email, name, cookie: await signIn(t, email, password) };
}

export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: "http://localhost:3000" },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return cookieHeader(response.headers["set-cookie"]);
}

/**
 * A new account on a running site over HTTP, then signed in (sign-up never starts a session, so
 * a taken address is answered as a new one): the Cookie header to send as that user.
 */
export async function signUpOverHttp(
  siteUrl: string,
  origin: string,
  account: { name: string; email: string; password: string },
): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${siteUrl}/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
  const signedUp = await post("sign-up/email", account);
  if (signedUp.status !== 200) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const signedIn = await post("sign-in/email", { email: account.email, password: account.password });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  return cookieHeader(signedIn.headers.getSetCookie());
}

/** A supplier chooses the language of its pages on its profile, as the form posts it; the page's answer. */
export function chooseLanguage(t: TestApp, supplier: SignedIn, locale: string) {
  return t.app.inject({
    method: "POST",
    url: `/profile/${supplier.id}`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie: supplier.cookie },
    payload: new URLSearchParams({ intent: "language", locale }).toString(),
  });
}

/** An operator as a service sees one, for calls made straight to a service. */
export function operatorViewer(id = "operator-in-a-test"): Viewer {
  return { id, name: "Test Operator", email: "operator@example.test", role: "operator", image: null, locale: null };
}
