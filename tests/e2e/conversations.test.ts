/**
 * A family and a supplier, each in a browser of their own and each on another instance of the
 * site (two processes on one PostgreSQL database), write to each other: each message, and the
 * other side typing, appears without a reload. Needs TEST_DATABASE_URL (CI sets it).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/connect";
import { helpers } from "../../src/features/helpers/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { signUpOverHttp } from "../support/auth";
import { browserMissing, launchBrowser } from "../support/browser";
import { newContext } from "../support/e2e";
import { helperValues } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { startServer, type ServerProcess } from "../support/server-process";

const serverUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = "http://localhost:3000";

describe.skipIf(browserMissing || !serverUrl)("a family and a supplier write to each other, each on another instance", () => {
  const name = `dh_chat_${randomBytes(5).toString("hex")}`;
  const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : "";
  let database: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let browser: Browser;
  const dataDirs: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const start = async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-chat-"));
    dataDirs.push(dataDir);
    return startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      AUTH_SECRET: "two-instances-of-the-chat-share-a-secret-0123",
      SEED_DEMO: "false",
    });
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    database = await openDatabase({ databaseUrl, poolSize: 2 });
    await database.migrate();
    [a, b] = await Promise.all([start(), start()]);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    if (serverUrl) await admin(`drop database if exists ${name} with (force)`);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A supplier signed up on instance B, with one biodata. */
  async function supplierWithHelper(agency: string, helperName: string) {
    const email = `chat-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
    const supplierCookie = await signUpOverHttp(b.url, PUBLIC_URL, { name: agency, email, password: "correct horse battery" });
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    const [helper] = await database.db
      .insert(helpers)
      .values(helperValues(account!.id, { name: helperName }))
      .returning();
    return { supplierCookie, helper: helper! };
  }

  /** A family on instance A, on a phone: past the gate, then its first message about the helper. */
  async function familyWrites(helper: { id: string; name: string }, name: string, text: string) {
    const familyContext = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const family = await familyContext.newPage();
    await family.goto(`${a.url}/posts/${helper.id}/message`);
    await family.getByLabel("Name", { exact: true }).fill(name);
    await family.getByLabel("Phone Number", { exact: true }).fill(uniqueSgMobile().typed);
    await family.getByRole("button", { name: "Submit" }).click();
    await family.getByRole("heading", { name: `Message the supplier about ${helper.name}` }).waitFor();
    await family.getByLabel("Your message").fill(text);
    await family.getByRole("button", { name: "Send message" }).click();
    await family.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    return { familyContext, family, threadPath: new URL(family.url()).pathname };
  }

  /** The supplier's browser, signed in on instance B. */
  async function supplierOnB(cookie: string, viewport: { width: number; height: number }) {
    const supplierContext = await newContext(browser, { viewport });
    await supplierContext.addCookies(
      cookie.split("; ").map((pair) => {
        const [cookieName, ...value] = pair.split("=");
        return { name: cookieName!, value: value.join("="), url: b.url };
      }),
    );
    return { supplierContext, supplier: await supplierContext.newPage() };
  }

  it("shows each side's messages and typing on the other's page without a reload", async () => {
    const { supplierCookie, helper } = await supplierWithHelper("Live Agency", "Realtime Rosa");

    // The family, on instance A: the gate, then its first message.
    const { familyContext, family, threadPath } = await familyWrites(helper!, "Live Family", "Is Rosa free from March?");

    // The supplier, on instance B, in a browser of their own.
    const { supplierContext, supplier } = await supplierOnB(supplierCookie, { width: 1366, height: 900 });
    // The inbox, on the dashboard, groups conversations by biodata; the menu counts the unread.
    await supplier.goto(`${b.url}/dashboard/messages`);
    await supplier.getByRole("link", { name: "Messages (1 unread)" }).waitFor();
    await supplier.getByRole("heading", { name: /Realtime Rosa/ }).waitFor();
    await supplier.getByRole("link", { name: /Live Family/ }).click();
    await supplier.waitForURL(`${b.url}/dashboard${threadPath}`);
    await supplier.getByText("Is Rosa free from March?").waitFor();
    // Both streams are open before either side writes.
    await Promise.all([family.locator(".live-dot").waitFor(), supplier.locator(".live-dot").waitFor()]);

    await family.getByLabel("Your message").fill("We have two children");
    await supplier.getByText("The family is typing…").waitFor();
    await family.getByRole("button", { name: "Send", exact: true }).click();
    await supplier.getByText("We have two children").waitFor();

    await supplier.getByLabel("Your message").fill("Yes, she is free from 1 March.");
    await supplier.getByRole("button", { name: "Send", exact: true }).click();
    await family.getByText("Yes, she is free from 1 March.").waitFor();
    // The family's page is open and visible: the supplier sees the answer read.
    await supplier.locator(".message.mine", { hasText: "Read" }).waitFor();

    expect(await family.locator(".message").count()).toBe(3);
    expect(await supplier.locator(".message").count()).toBe(3);
    await familyContext.close();
    await supplierContext.close();
  });

  it("shows a family's new message in the supplier's inbox list and the header's count, on a phone, without a reload", async () => {
    const { supplierCookie, helper } = await supplierWithHelper("Waiting Agency", "Patient Wendy");
    const { supplierContext, supplier } = await supplierOnB(supplierCookie, { width: 390, height: 844 });
    await supplier.goto(`${b.url}/dashboard/messages`);
    await supplier.waitForSelector("html[data-hydrated]");
    await supplier.getByText("No family has written to you yet.").waitFor();
    // Kept on the window while the page stays: a reload would take it away.
    await supplier.evaluate(() => Object.assign(window, { stayed: true }));
    const menuLink = supplier.locator('#site-menu a[href="/dashboard/messages"]');
    await expect.poll(() => menuLink.textContent()).toBe("Messages");

    // The family writes on the other instance: the list gains its conversation, first words and count.
    const first = "Good afternoon! Is Wendy free from May? We have a baby of six months and a dog.";
    const { familyContext, family } = await familyWrites(helper, "Waiting Family", first);
    const row = supplier.locator(".conversation-list li", { hasText: "Waiting Family" });
    await expect.poll(() => row.locator(".conversation-last").textContent(), { timeout: 15_000 }).toBe(first);
    await expect.poll(() => row.locator(".badge").textContent()).toBe("1 unread");
    await expect.poll(() => menuLink.textContent()).toBe("Messages (1 unread)");
    // The phone's folded menu says it on its button.
    const menuCount = supplier.locator("summary.menu-button .menu-count");
    await expect.poll(() => menuCount.textContent()).toBe("1Messages (1 unread)");
    await supplier.getByRole("heading", { name: "Messages (1 unread)" }).waitFor();
    expect(await supplier.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    // The list's last line fits the phone's width: one line, cut short.
    const widths = await row
      .locator(".conversation-last")
      .evaluate((line) => ({ scroll: document.documentElement.scrollWidth, box: line.getBoundingClientRect().right }));
    expect(widths.box).toBeLessThanOrEqual(390);
    expect(widths.scroll).toBeLessThanOrEqual(390);
    if (process.env.SCREENS_DIR) await supplier.screenshot({ path: `${process.env.SCREENS_DIR}/phone-inbox-live.png`, fullPage: true });

    // On another page of the site, the header's count follows the family's next message too.
    await supplier.locator(".menu-button").click();
    await supplier.locator("#site-menu").getByRole("link", { name: "Dashboard", exact: true }).click();
    await supplier.waitForURL(`${b.url}/dashboard`);
    await family.getByLabel("Your message").fill("Also: could she start on 2 May?");
    await family.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => menuLink.textContent(), { timeout: 15_000 }).toBe("Messages (2 unread)");
    await expect.poll(() => menuCount.textContent()).toBe("2Messages (2 unread)");
    expect(await supplier.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    await familyContext.close();
    await supplierContext.close();
  });

  it("counts a supplier's answer in the family's menu on any page, on a phone, without a reload, and lists it in the family's space", async () => {
    const { supplierCookie, helper } = await supplierWithHelper("Answering Agency", "Answered Anna");
    const { familyContext, family, threadPath } = await familyWrites(helper, "Away Family", "Is Anna free from June?");
    // The family goes on browsing on instance A; its menu links to its space.
    await family.goto(`${a.url}/posts`);
    await family.waitForSelector("html[data-hydrated]");
    await family.evaluate(() => Object.assign(window, { stayed: true }));
    const spaceLink = family.locator('#site-menu a[href="/messages"]');
    await expect.poll(() => spaceLink.textContent()).toBe("My space");
    // It stars her while it waits.
    await family.getByRole("button", { name: "Shortlist Answered Anna" }).click();

    // The supplier answers from instance B.
    const { supplierContext, supplier } = await supplierOnB(supplierCookie, { width: 1366, height: 900 });
    await supplier.goto(`${b.url}/dashboard${threadPath}`);
    await supplier.getByLabel("Your message").fill("Yes, Anna is free from 1 June.");
    await supplier.getByRole("button", { name: "Send", exact: true }).click();
    await supplier.getByText("Yes, Anna is free from 1 June.").waitFor();

    await expect.poll(() => spaceLink.textContent(), { timeout: 15_000 }).toBe("My space (1 unread)");
    const menuCount = family.locator("summary.menu-button .menu-count");
    await expect.poll(() => menuCount.textContent()).toBe("1My space (1 unread)");
    expect(await family.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

    // The folded menu opens on the phone and leads to the space: the conversation, its answer first.
    await family.locator(".menu-button").click();
    await spaceLink.click();
    await family.waitForURL(`${a.url}/messages`);
    await family.getByRole("heading", { name: "My space (1 unread)" }).waitFor();
    const row = family.locator(".conversation-list li", { hasText: "Answered Anna" });
    await expect.poll(() => row.locator(".conversation-last").textContent()).toBe("Yes, Anna is free from 1 June.");
    await expect.poll(() => row.locator(".badge").textContent()).toBe("1 unread");
    // Its shortlist is in the space too.
    await family.getByRole("link", { name: "Open your shortlist (1)" }).waitFor();
    expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.SCREENS_DIR) await family.screenshot({ path: `${process.env.SCREENS_DIR}/phone-family-space.png`, fullPage: true });

    // Read, the count goes: in the menu of the thread's page, and of the space's when it comes back.
    await row.getByRole("link").click();
    await family.waitForURL(`${a.url}${threadPath}`);
    await expect.poll(() => spaceLink.textContent(), { timeout: 15_000 }).toBe("My space");
    await familyContext.close();
    await supplierContext.close();
  });

  /** The newest mail of a kind queued to an address, and the link in it to `path` on the instance given. */
  async function mailedLink(kind: string, email: string, path: string, instance: ServerProcess) {
    let link: string | undefined;
    await expect
      .poll(async () => {
        const [row] = await database.db
          .select()
          .from(outbox)
          .where(sql`${outbox.kind} = ${kind} and ${outbox.payload}->'to'->>'email' = ${email}`)
          .orderBy(desc(outbox.createdAt))
          .limit(1);
        link = (row?.payload as { text?: string } | undefined)?.text?.match(new RegExp(`${PUBLIC_URL}${path}/[\\w-]{43}`))?.[0];
        return link;
      })
      .toBeDefined();
    return link!.replace(PUBLIC_URL, instance.url);
  }

  it("opens the family's space on a second phone through a sign-in link mailed to its confirmed e-mail, with its conversations and shortlist", async () => {
    const { helper } = await supplierWithHelper("Second Phone Agency", "Travelling Tess");
    const { familyContext, family } = await familyWrites(helper, "Two Phones Family", "Is Tess free in July?");
    // It stars her, then gives its e-mail in its space and confirms it from the mail.
    await family.goto(`${a.url}/posts`);
    await family.waitForSelector("html[data-hydrated]");
    await family.getByRole("button", { name: "Shortlist Travelling Tess" }).click();
    await family.goto(`${a.url}/messages`);
    const email = `two-phones-${randomBytes(4).toString("hex")}@example.com`;
    await family.getByLabel("Your e-mail", { exact: true }).fill(email);
    await family.getByRole("button", { name: "Send me a link to confirm it" }).click();
    await family.getByText("We sent a link to that address.").waitFor();
    await family.goto(await mailedLink("family-confirm-email", email, "/messages/confirm", a));
    await family.getByRole("button", { name: "Confirm my e-mail" }).click();
    await family.waitForURL(`${a.url}/messages?confirmed`);
    await family.getByText("Your e-mail is confirmed.").waitFor();
    await family.getByText(`${email} (confirmed)`).waitFor();
    // The space keeps its shortlist: the helper is listed there.
    await family.locator(".space-shortlist", { hasText: "Travelling Tess" }).waitFor();

    // A second phone, on the other instance, knows nothing of the family: it asks for a link.
    const otherContext = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const other = await otherContext.newPage();
    await other.goto(`${b.url}/messages`);
    await other.getByLabel("Your confirmed e-mail").fill(email);
    await other.getByRole("button", { name: "Mail me a sign-in link" }).click();
    await other.getByText("If that address is confirmed for a space, a link is on its way.").waitFor();
    await other.goto(await mailedLink("family-sign-in", email, "/messages/sign-in", b));
    await other.getByRole("button", { name: "Open my space here" }).click();
    await other.waitForURL(`${b.url}/messages`);
    // The same conversation and shortlist; the menu links to the space, as past the gate.
    await other.locator(".conversation-list li", { hasText: "Travelling Tess" }).waitFor();
    await other.locator(".space-shortlist", { hasText: "Travelling Tess" }).waitFor();
    await other.waitForSelector("html[data-hydrated]");
    await expect.poll(() => other.locator('#site-menu a[href="/messages"]').textContent()).toBe("My space");
    // The browser's own shortlist follows the space's.
    await expect.poll(() => other.evaluate(() => JSON.parse(localStorage.getItem("shortlist") ?? "[]").length)).toBe(1);
    await other.getByText(/\(this one\)/).waitFor();
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.SCREENS_DIR)
      await other.screenshot({ path: `${process.env.SCREENS_DIR}/phone-family-space-second-device.png`, fullPage: true });

    // The first phone shows a code for a third device, and lists the second; it signs it out.
    await family.goto(`${a.url}/messages`);
    await family.getByRole("button", { name: "Show a code" }).click();
    await family.locator(".sign-in-code svg").waitFor();
    expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The header stays at the top of the page's picture (the form's answer scrolled the page).
    await family.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    if (process.env.SCREENS_DIR)
      await family.screenshot({ path: `${process.env.SCREENS_DIR}/phone-family-space-code.png`, fullPage: true });
    await family.locator(".space-devices li", { hasText: "Link by e-mail" }).getByRole("button", { name: "Sign out" }).click();
    await family.getByText("That device is signed out of your space.").waitFor();
    await other.reload();
    await other.getByRole("heading", { name: "Open your space from another device" }).waitFor();
    await familyContext.close();
    await otherContext.close();
  });
});
