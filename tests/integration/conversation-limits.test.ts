/**
 * The bounds on what one family and one address may do in conversations, counted in the database
 * two instances share (decision 152): open event streams (10 a family, 100 an address), "typing"
 * (one a family every 3 seconds, each reaching each of the other side's streams once) and
 * messages (60 an hour from one address over all the identities it gave at the gate). Refusals
 * are 429 with Retry-After, in the reader's language.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_CHAT_LIMITS } from "../../src/features/conversations/server/limits";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb, sharedDatabase } from "../support/database";
import { createHelper } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import type { TestApp } from "../support/test-app";
import { returningVisitorCookie } from "../support/visitor";

describeDb("limits per family and per address, shared by two instances", () => {
  // The site's own limits, behind one proxy so each test's requests say their address.
  const env = { TRUST_PROXY: "1" };
  const t = usePageApp({ chatLimits: {}, env });
  const other = usePageApp(async () => ({ database: await sharedDatabase(t.database), chatLimits: {}, env }));
  let supplier: SignedIn;
  let helperId: string;
  const sites: string[] = [];
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Limited Agency" });
    helperId = (await createHelper(t, supplier.id, { name: "Bounded Bella" })).id;
    sites.push(await t.app.listen({ port: 0, host: "127.0.0.1" }), await other.app.listen({ port: 0, host: "127.0.0.1" }));
  });
  afterAll(async () => {
    await Promise.all(readers.map((reader) => reader.cancel().catch(() => undefined)));
  });

  const from = (address: string) => ({ "x-forwarded-for": address });

  /** A family that starts a conversation through the page's form from `address`, on instance `app`. */
  async function startFamily(address: string, app: TestApp = t, phone = uniqueSgMobile().e164) {
    const visitor = await returningVisitorCookie(t, "Limit Family", phone);
    const posted = await app.app.inject({
      method: "POST",
      url: `/posts/${helperId}/message`,
      headers: { ...formHeaders, ...from(address), cookie: visitor },
      payload: formBody({ body: "Hello", email: "" }),
    });
    const key = String(posted.headers["set-cookie"] ?? "").split(";")[0]!;
    return {
      posted,
      id: String(posted.headers.location ?? "")
        .split("/")
        .pop()!,
      cookie: `${visitor}; ${key}`,
      visitor,
    };
  }

  /** Opens an event stream on instance `site` (0 or 1): its status, and its reader kept to the end. */
  async function openStream(site: number, id: string, cookie: string, address: string) {
    const answer = await fetch(`${sites[site]}/api/conversations/${id}/events`, { headers: { cookie, ...from(address) } });
    if (answer.status === 200) readers.push(answer.body!.getReader());
    return answer;
  }

  it("opens 10 streams a family over both instances and refuses the 11th with 429, Retry-After and the reason", async () => {
    const family = await startFamily("198.51.100.10");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await openStream(i % 2, family.id, family.cookie, "198.51.100.10")).status);
    expect(statuses).toEqual(Array(10).fill(200));
    for (const site of [0, 1]) {
      const refused = await openStream(site, family.id, family.cookie, "198.51.100.11");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await refused.json()).error.message).toMatch(/^Too many conversation windows are open/);
    }
    // A stream that closes frees its place, on whichever instance the next opens.
    await readers.pop()!.cancel();
    await expect.poll(async () => (await openStream(0, family.id, family.cookie, "198.51.100.10")).status).toBe(200);
  });

  it("opens 100 streams from one address and refuses the 101st, of a family with none open, in the reader's language", async () => {
    const address = "198.51.100.20";
    const families = [];
    for (let i = 0; i < 11; i++) families.push(await startFamily(`198.51.100.${100 + i}`));
    const statuses: number[] = [];
    for (const family of families.slice(0, 10)) {
      for (let i = 0; i < 10; i++) statuses.push((await openStream(i % 2, family.id, family.cookie, address)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    const last = families[10]!;
    const refused = await fetch(`${sites[1]}/api/conversations/${last.id}/events`, {
      headers: { cookie: last.cookie, ...from(address), "accept-language": "zh" },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await refused.json()).error.message).toMatch(/^打开的对话窗口过多/);
    // The supplier's stream from the same address is counted too; from another address, the family's opens.
    expect((await openStream(0, last.id, supplier.cookie, address)).status).toBe(429);
    expect((await openStream(0, last.id, last.cookie, "198.51.100.21")).status).toBe(200);
  });

  it('takes one "typing" a family every 3 seconds over both instances, each sent once to each of the other side\'s streams', async () => {
    const family = await startFamily("198.51.100.30");
    const supplierStream = await fetch(`${sites[0]}/api/conversations/${family.id}/events`, { headers: { cookie: supplier.cookie } });
    const familyStream = await fetch(`${sites[1]}/api/conversations/${family.id}/events`, {
      headers: { cookie: family.cookie, ...from("198.51.100.30") },
    });
    const typing = (app: TestApp, language?: string) =>
      app.app.inject({
        method: "POST",
        url: `/api/conversations/${family.id}/typing`,
        headers: { cookie: family.cookie, ...(language ? { "accept-language": language } : {}) },
      });
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => typing(i % 2 ? other : t)));
    expect(burst.filter((answer) => answer.statusCode === 204)).toHaveLength(1);
    const refused = burst.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3);
    const chinese = await typing(other, "zh");
    expect(chinese.statusCode).toBe(429);
    expect(chinese.json().error.message).toMatch(/^“正在输入”每 3 秒最多发送一次/);
    // The window over, one more is taken.
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_CHAT_LIMITS.typingEveryMs + 100));
    expect((await typing(other)).statusCode).toBe(204);
    expect((await typing(t)).statusCode).toBe(429);

    // A message after the typing marks the end of what the streams carry.
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/conversations/${family.id}/messages`,
          headers: { cookie: family.cookie },
          payload: { body: "The end" },
        })
      ).statusCode,
    ).toBe(201);
    const readAll = async (answer: Response) => {
      const reader = answer.body!.getReader();
      let text = "";
      while (!text.includes('"body":"The end"')) text += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      return text;
    };
    // Two accepted, two sent to the supplier's stream; the family's own stream is not told it types.
    expect((await readAll(supplierStream)).match(/"kind":"typing"/g)).toHaveLength(2);
    expect(await readAll(familyStream)).not.toContain('"kind":"typing"');
  });

  it("takes 60 messages an hour from one address over its identities and instances, and refuses the 61st in the reader's language", async () => {
    const address = "198.51.100.40";
    const statuses: number[] = [];
    // Four identities from one address: 15 messages each (the first through the gate's form), on both instances.
    for (let f = 0; f < 4; f++) {
      const family = await startFamily(address, f % 2 ? other : t);
      statuses.push(family.posted.statusCode);
      for (let i = 0; i < 14; i++) {
        const sent = await (i % 2 ? other : t).app.inject({
          method: "POST",
          url: `/api/conversations/${family.id}/messages`,
          headers: { cookie: family.cookie, ...from(address) },
          payload: { body: `Message ${i}` },
        });
        statuses.push(sent.statusCode);
      }
    }
    expect(statuses.filter((status) => status === 201 || status === 302)).toHaveLength(60);
    // A fifth identity from the same address: refused on the form, in Chinese on the Chinese page.
    const visitor = await returningVisitorCookie(t, "Fifth Family");
    const refused = await other.app.inject({
      method: "POST",
      url: `/zh/posts/${helperId}/message`,
      headers: { ...formHeaders, ...from(address), cookie: visitor },
      payload: formBody({ body: "Hello", email: "" }),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(refused.body).toContain("您的网络一小时内发送的信息过多");
    // The same family from another address is not held back.
    const elsewhere = await t.app.inject({
      method: "POST",
      url: `/posts/${helperId}/message`,
      headers: { ...formHeaders, ...from("198.51.100.41"), cookie: visitor },
      payload: formBody({ body: "Hello", email: "" }),
    });
    expect(elsewhere.statusCode).toBe(302);
  });
});
