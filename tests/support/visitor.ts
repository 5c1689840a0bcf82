/**
 * A visitor who passed the /filters gate earlier: their lead stored as the gate stores it and
 * the cookie the gate set for it, so a test starts on the other side of the gate.
 */
import { recordLead } from "../../src/features/leads/service";
import { createVisitorCookie } from "../../src/server/http/visitor-cookie";
import { leadNotice, uniqueSgMobile } from "./notify";
import { TEST_AUTH_SECRET, type TestApp } from "./test-app";

/** `visitor=…`, as a Cookie header carries it. */
export async function returningVisitorCookie(
  t: Pick<TestApp, "db" | "config">,
  name: string,
  phone = uniqueSgMobile().e164,
): Promise<string> {
  const pass = await recordLead(t.db, leadNotice(t.config), { name, phone });
  return (await createVisitorCookie(TEST_AUTH_SECRET).write(pass)).split(";")[0]!;
}

/** A family past the gate writes its first message about a helper, as the page's form posts it: the conversation's id. */
export async function familyWrites(t: TestApp, helperId: string, body: string, name = "Tan Wei Ming"): Promise<string> {
  const visitor = await returningVisitorCookie(t, name);
  const started = await t.app.inject({
    method: "POST",
    url: `/posts/${helperId}/message`,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie: visitor },
    payload: new URLSearchParams({ body, email: "" }).toString(),
  });
  if (started.statusCode !== 302) throw new Error(`the family's message was refused: ${started.statusCode} ${started.body.slice(0, 200)}`);
  return String(started.headers.location).split("/").pop()!;
}
