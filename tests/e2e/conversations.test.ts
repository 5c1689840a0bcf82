/**
 * A family and a supplier, each in a browser of their own and each on another instance of the
 * site (two processes on one PostgreSQL database), write to each other: each message, and the
 * other side typing, appears without a reload. Needs TEST_DATABASE_URL (CI sets it).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/connect";
import { helpers, user } from "../../src/server/db/schema";
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

  it("shows each side's messages and typing on the other's page without a reload", async () => {
    const email = `chat-${Date.now()}@example.com`;
    const supplierCookie = await signUpOverHttp(b.url, PUBLIC_URL, { name: "Live Agency", email, password: "correct horse battery" });
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    const [helper] = await database.db
      .insert(helpers)
      .values(helperValues(account!.id, { name: "Realtime Rosa" }))
      .returning();

    // The family, on instance A: the gate, then its first message.
    const familyContext = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const family = await familyContext.newPage();
    await family.goto(`${a.url}/posts/${helper!.id}/message`);
    await family.getByLabel("Name", { exact: true }).fill("Live Family");
    const phone = uniqueSgMobile().typed;
    await family.getByLabel("Phone Number", { exact: true }).fill(phone);
    await family.getByRole("button", { name: "Submit" }).click();
    await family.getByRole("heading", { name: "Message the supplier about Realtime Rosa" }).waitFor();
    await family.getByLabel("Your message").fill("Is Rosa free from March?");
    await family.getByRole("button", { name: "Send message" }).click();
    await family.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const threadPath = new URL(family.url()).pathname;

    // The supplier, on instance B, in a browser of their own.
    const supplierContext = await newContext(browser, { viewport: { width: 1366, height: 900 } });
    await supplierContext.addCookies(
      supplierCookie.split("; ").map((pair) => {
        const [cookieName, ...value] = pair.split("=");
        return { name: cookieName!, value: value.join("="), url: b.url };
      }),
    );
    const supplier = await supplierContext.newPage();
    // The inbox, on the dashboard, groups conversations by biodata; the menu counts the unread.
    await supplier.goto(`${b.url}/dashboard/messages`);
    await supplier.getByRole("link", { name: "Messages (1 unread)" }).waitFor();
    await supplier.getByRole("heading", { name: /Realtime Rosa/ }).waitFor();
    await supplier.getByRole("link", { name: /Live Family/ }).click();
    await supplier.waitForURL(`${b.url}${threadPath}`);
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
});
