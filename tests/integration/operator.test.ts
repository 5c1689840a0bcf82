import { randomBytes, randomInt } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { setRole, UnknownUserError } from "../../src/features/accounts/server/roles";
import { loadConfig } from "../../src/server/config";
import { recordLead } from "../../src/features/leads/service";
import { leadsCsvFileName } from "../../src/features/operator/api";
import { createOutboxWorker } from "../../src/features/notifications/server/outbox-worker";
import { formatSingaporeTime, formatSingaporeTimestamp } from "../../src/shared/format";
import { formatPhone } from "../../src/shared/phone";
import { user } from "../../src/features/accounts/server/tables";
import { visitors } from "../../src/features/leads/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { cookieHeader, operatorViewer, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { freePort, leadNotice, uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";

/** A page's words as a person reads them: tags dropped, entities of the texts here decoded. */
const pageText = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describeDb("operators and their screens", () => {
  const t = usePageApp();
  let operator: SignedIn;
  let supplier: SignedIn;
  beforeAll(async () => {
    operator = await signUp(t, { name: "Olivia Operator", role: "operator" });
    supplier = await signUp(t, { name: "Sam Supplier" });
  });

  /** Leads whose names share a word no other test uses, so a search finds exactly these. */
  const addLeads = async (names: string[], lastSeen = new Date()) => {
    const tag = `Tag${randomBytes(4).toString("hex")}`;
    const rows = names.map((name, i) => ({
      name: name.replace("{tag}", tag),
      phone: uniqueSgMobile().e164,
      visits: i + 1,
      firstSeenAt: new Date(lastSeen.getTime() - 86_400_000),
      lastSeenAt: new Date(lastSeen.getTime() - i * 60_000),
    }));
    await t.db.insert(visitors).values(rows);
    return { tag, rows };
  };

  const failingDelivery = async (subject: string) => {
    const [row] = await t.db
      .insert(outbox)
      .values({
        kind: "lead",
        channel: "email",
        payload: { kind: "lead", to: "support", subject, text: "A new lead" },
        status: "failing",
        attempts: 6,
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    return row!;
  };

  /** A lead's notice, given one go of the outbox worker under `config`: its outbox row after. */
  const leadThroughOutbox = async (config: ReturnType<typeof loadConfig>, name: string, outcome: object) => {
    const lead = await recordLead(t.db, leadNotice(config), { name, phone: uniqueSgMobile().e164 });
    const worker = createOutboxWorker(t.database.handle, config);
    try {
      expect(await worker.runOnce()).toMatchObject(outcome);
    } finally {
      await worker.stop();
    }
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'subject' like ${`%${lead.name}%`}`);
    return row;
  };

  it("makes an operator from the command line, and a supplier again", async () => {
    const someone = await signUp(t, { name: "Promoted Person" });
    const promoted = await setRole(t.db, someone.email.toUpperCase(), "operator");
    expect(promoted).toMatchObject({ id: someone.id, before: "supplier", after: "operator" });
    expect((await t.db.select().from(user).where(eq(user.id, someone.id)))[0]?.role).toBe("operator");
    const session = await t.app.inject({ url: "/api/auth/get-session", headers: { cookie: someone.cookie } });
    expect(session.json().user.role).toBe("operator");

    const demoted = await setRole(t.db, someone.email, "supplier");
    expect(demoted).toMatchObject({ before: "operator", after: "supplier" });
    await expect(setRole(t.db, "nobody-here@example.com", "operator")).rejects.toBeInstanceOf(UnknownUserError);
  });

  it("keeps suppliers and visitors out of the operator pages and endpoints", async () => {
    const delivery = await failingDelivery("Kept out");
    for (const url of ["/admin/leads", "/admin/outbox"]) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
      const page = await t.app.inject({ url, headers: { cookie: supplier.cookie } });
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain("Only operators may open this page.");
    }
    for (const url of ["/api/admin/leads", "/api/admin/leads.csv", "/api/admin/outbox"]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const refused = await t.app.inject({ url, headers: { cookie: supplier.cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("forbidden");
    }
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/admin/outbox/${delivery.id}/retry`,
      headers: { cookie: supplier.cookie },
    });
    expect(retry.statusCode).toBe(403);
    const pageRetry = await t.app.inject({
      method: "POST",
      url: "/admin/outbox",
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ id: delivery.id }),
    });
    expect(pageRetry.statusCode).toBe(403);
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, delivery.id));
    expect(after?.nextAttemptAt.getTime()).toBe(delivery.nextAttemptAt.getTime());
  });

  it("lists the leads most recently seen first, with WhatsApp links, and finds them by name or phone", async () => {
    const { tag, rows } = await addLeads(["Newest {tag}", "Older {tag}", "Oldest {tag}"]);
    const page = await t.app.inject({ url: `/admin/leads?q=${tag}`, headers: { cookie: operator.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("3 leads");
    const order = ["Newest", "Older", "Oldest"].map((name) => page.body.indexOf(`${name} ${tag}`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page.body).toContain(`href="https://wa.me/${rows[0]!.phone.slice(1)}"`);

    const byPhone = await t.app.inject({
      url: `/api/admin/leads?q=${encodeURIComponent(rows[1]!.phone.slice(3))}`,
      headers: { cookie: operator.cookie },
    });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().items.map((lead: { name: string }) => lead.name)).toEqual([`Older ${tag}`]);
  });

  it("reads a search with letters in it as a name, not as the phone numbers its digits are in", async () => {
    const { tag, rows } = await addLeads(["Unit 345 {tag}"]);
    const digits = rows[0]!.phone.slice(-4, -1);
    const other = { name: `Someone Else ${tag}x`, phone: `+658${digits}${randomInt(1000, 9999)}`, visits: 1 };
    await t.db.insert(visitors).values({ ...other, name: other.name.replace(tag, "Other") });
    const found = await t.app.inject({
      url: `/api/admin/leads?q=${encodeURIComponent(`Unit ${digits}`)}`,
      headers: { cookie: operator.cookie },
    });
    expect(found.json().items.map((lead: { phone: string }) => lead.phone)).not.toContain(other.phone);
    const named = await t.app.inject({
      url: `/api/admin/leads?q=${encodeURIComponent(`Unit 345 ${tag}`)}`,
      headers: { cookie: operator.cookie },
    });
    expect(named.json().items.map((lead: { name: string }) => lead.name)).toEqual([`Unit 345 ${tag}`]);
  });

  it("exports the leads searched for as CSV that a spreadsheet cannot run as formulas", async () => {
    const { tag, rows } = await addLeads([
      '=HYPERLINK("http://evil.example","{tag}")',
      "+{tag} plus",
      "-{tag} minus",
      "@{tag} at",
      'Tan, {tag} "Ah Boy"',
    ]);
    const response = await t.app.inject({ url: `/api/admin/leads.csv?q=${tag}`, headers: { cookie: operator.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Dated in Singapore, as the rows: half past one on the 28th there is still the 27th in UTC.
    expect(leadsCsvFileName(new Date("2026-11-27T17:30:00Z"))).toBe("leads-2026-11-28.csv");
    const lines = response.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Name,Phone,Visits,First seen (Singapore time),Last seen (Singapore time),Filtered for");
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines.at(-1)).toBe("");
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""${tag}"")",${rows[0]!.phone},1,${formatSingaporeTimestamp(rows[0]!.firstSeenAt)},${formatSingaporeTimestamp(rows[0]!.lastSeenAt)},`,
    );
    expect(lines[2]!.startsWith(`'+${tag} plus,`)).toBe(true);
    expect(lines[3]!.startsWith(`'-${tag} minus,`)).toBe(true);
    expect(lines[4]!.startsWith(`'@${tag} at,`)).toBe(true);
    expect(lines[5]!.startsWith(`"Tan, ${tag} ""Ah Boy""",`)).toBe(true);
  });

  it("exports a lead's times as the screen shows them, in Singapore time, and says so in the header", async () => {
    // 16:30 on 1 January in UTC is half past midnight on 2 January in Singapore.
    const { tag } = await addLeads(["Midnight {tag}"], new Date("2026-01-01T16:30:00Z"));
    const csv = await t.app.inject({ url: `/api/admin/leads.csv?q=${tag}`, headers: { cookie: operator.cookie } });
    const [header, row] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe("Name,Phone,Visits,First seen (Singapore time),Last seen (Singapore time),Filtered for");
    expect(row!.split(",").slice(3, 5)).toEqual(["2026-01-01 00:30", "2026-01-02 00:30"]);
    const page = await t.app.inject({ url: `/admin/leads?q=${tag}`, headers: { cookie: operator.cookie } });
    expect(page.body).toContain("2 Jan 2026, 00:30");
  });

  it("shows the operator what a family filtered for, in the catalogue's words, on the screen and in the CSV", async () => {
    const tag = `Tag${randomBytes(4).toString("hex")}`;
    const gate = await t.app.inject({
      method: "POST",
      url: "/filters",
      headers: formHeaders,
      payload: formBody({ name: `Filtering ${tag}`, phone: uniqueSgMobile().typed }),
    });
    expect(gate.statusCode).toBe(200);
    const visitor = cookieHeader(gate.headers["set-cookie"]);
    const apply = (query: string) => t.app.inject({ url: `/filters?apply=1&${query}`, headers: { cookie: visitor } });
    expect((await apply("category=philippines&religion=christian&ageMin=25&ageMax=35&skill=cooking&interview=video")).statusCode).toBe(302);

    const page = await t.app.inject({ url: `/admin/leads?q=${tag}`, headers: { cookie: operator.cookie } });
    const text = pageText(page.body);
    for (const words of ["Nationality: Philippines", "Age 25–35", "Skills: Cooking", "Interview: By video"]) expect(text).toContain(words);
    expect(text).toMatch(/Religion: Christian/);
    expect(text).not.toContain("category=");
    const csv = await t.app.inject({ url: `/api/admin/leads.csv?q=${tag}`, headers: { cookie: operator.cookie } });
    const row = csv.body.replace(/^\uFEFF/, "").split("\r\n")[1]!;
    expect(row).toMatch(/,"?Nationality: Philippines; Religion: Christian[^;]*; Age 25–35; Skills: Cooking; Interview: By video"?$/);

    // The latest choices replace the earlier ones.
    expect((await apply("category=india")).statusCode).toBe(302);
    const later = pageText((await t.app.inject({ url: `/admin/leads?q=${tag}`, headers: { cookie: operator.cookie } })).body);
    expect(later).toContain("Nationality: India");
    expect(later).not.toContain("Age 25–35");

    // A choice the catalogue does not have is refused at the form and keeps nothing.
    const refused = await apply("category=narnia");
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain("Choose a value from the list");
    const kept = pageText((await t.app.inject({ url: `/admin/leads?q=${tag}`, headers: { cookie: operator.cookie } })).body);
    expect(kept).toContain("Nationality: India");
    expect(kept).not.toContain("narnia");
  });

  it("asks the operator to confirm before deleting the lead of a withdrawal, then says it was deleted", async () => {
    const phone = uniqueSgMobile();
    await t.app.services.leads.record({ name: "Withdrawing Wendy", phone: phone.e164 });
    expect(await t.app.services.leads.privacy.withdraw(phone.e164, null, { ip: "203.0.113.9" })).toMatchObject({ done: "recorded" });
    const open = (await t.app.services.leads.privacy.openRequests(operatorViewer())).find((request) => request.phone === phone.e164)!;
    const leadsOf = () => t.db.select().from(visitors).where(eq(visitors.phone, phone.e164));
    const shown = formatPhone(phone.e164);

    // The button on the list only asks; nothing is deleted yet.
    const asked = await t.app.inject({
      method: "POST",
      url: "/admin/leads",
      headers: { ...formHeaders, cookie: operator.cookie },
      payload: formBody({ id: open.id }),
    });
    expect(asked.statusCode).toBe(200);
    expect(pageText(asked.body)).toContain(`Delete the lead of ${shown}?`);
    expect(asked.body).toContain('name="confirm" value="yes"');
    expect(await leadsOf()).toHaveLength(1);

    const confirmed = await t.app.inject({
      method: "POST",
      url: "/admin/leads",
      headers: { ...formHeaders, cookie: operator.cookie },
      payload: formBody({ id: open.id, confirm: "yes" }),
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/admin/leads");
    expect(await leadsOf()).toHaveLength(0);
    const after = await t.app.inject({
      url: "/admin/leads",
      headers: { cookie: `${operator.cookie}; ${cookieHeader(confirmed.headers["set-cookie"])}` },
    });
    expect(pageText(after.body)).toContain(
      `Deleted the lead of ${shown} and its notifications not yet sent: the withdrawal is carried out.`,
    );

    // Done once: confirming again says it is no longer open.
    const again = await t.app.inject({
      method: "POST",
      url: "/admin/leads",
      headers: { ...formHeaders, cookie: operator.cookie },
      payload: formBody({ id: open.id, confirm: "yes" }),
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain("This withdrawal is no longer open");
  });

  it("tells the operator from the first refused attempt that a message is being retried, in plain words, with the raw error kept aside", async () => {
    // The mail server is down: nothing listens on its port.
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: t.dataDir,
      LOG_LEVEL: "silent",
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      SUPPORT_EMAIL: "support@example.com",
    });
    const row = await leadThroughOutbox(config, "Refused Rita", { failed: 1 });
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);

    const page = await t.app.inject({ url: "/admin/outbox", headers: { cookie: operator.cookie } });
    const text = pageText(page.body);
    expect(text).not.toContain("No delivery has failed");
    expect(text).toContain(
      `The mail server refused the connection. Retrying: 1 attempt so far, next try at ${formatSingaporeTime(row!.nextAttemptAt)}.`,
    );
    // The raw error is there for whoever opens the details, not in the sentence.
    expect(page.body).toMatch(/<details><summary>Technical detail<\/summary><span class="operator-error-text">[^<]*ECONNREFUSED/);
    const api = await t.app.inject({ url: "/api/admin/outbox", headers: { cookie: operator.cookie } });
    expect(api.json().retrying).toBeGreaterThanOrEqual(1);
    expect(api.json().items.find((item: { id: string }) => item.id === row!.id)).toMatchObject({
      attempts: 1,
      problem: "The mail server refused the connection",
    });
  });

  it("lets the operator read the mails written to the data folder when no mail server is set", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: t.dataDir, LOG_LEVEL: "silent" });
    const row = await leadThroughOutbox(config, "Filed Fatimah", { delivered: 1 });
    expect(row).toMatchObject({ channel: "file", status: "delivered" });
    const fileName = (await readdir(path.join(t.dataDir, "outbox"))).find((name) => name.endsWith(`-${row!.id}.eml`));
    expect(fileName).toBeDefined();

    const page = await t.app.inject({ url: "/admin/outbox", headers: { cookie: operator.cookie } });
    const text = pageText(page.body);
    expect(text).toContain("Mail kept on the server");
    expect(text).toContain((row!.payload as { subject: string }).subject);
    expect(text).toContain("to support (the operators)");
    // The mail itself, as written in the file, with the file's name to find it.
    expect(text).toContain(pageText((row!.payload as { text: string }).text).trim());
    expect(page.body).toContain(fileName!);
  });

  it("shows the deliveries that keep failing with their last error and a count of pending ones", async () => {
    const delivery = await failingDelivery("New lead: Failing Fiona");
    const page = await t.app.inject({ url: "/admin/outbox", headers: { cookie: operator.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("New lead: Failing Fiona");
    expect(page.body).toContain("connect ECONNREFUSED 127.0.0.1:2525");
    expect(pageText(page.body)).toContain("The mail server refused the connection. Retrying: 6 attempts so far");
    expect(page.body).toMatch(/<strong>\d+<\/strong> waiting to be sent/);
    const api = await t.app.inject({ url: "/api/admin/outbox", headers: { cookie: operator.cookie } });
    expect(api.json().items.find((item: { id: string }) => item.id === delivery.id)).toMatchObject({
      kind: "lead",
      channel: "email",
      attempts: 6,
      lastError: "connect ECONNREFUSED 127.0.0.1:2525",
    });
  });

  it("retries a failing delivery now, from the page and from the API", async () => {
    for (const via of ["page", "api"] as const) {
      const delivery = await failingDelivery(`Retry via ${via}`);
      const response =
        via === "page"
          ? await t.app.inject({
              method: "POST",
              url: "/admin/outbox",
              headers: { ...formHeaders, cookie: operator.cookie },
              payload: formBody({ id: delivery.id }),
            })
          : await t.app.inject({
              method: "POST",
              url: `/api/admin/outbox/${delivery.id}/retry`,
              headers: { cookie: operator.cookie },
            });
      expect(response.statusCode).toBe(200);
      if (via === "page") expect(response.body).toContain("Queued: the message will be sent again in a moment.");
      const [after] = await t.db.select().from(outbox).where(eq(outbox.id, delivery.id));
      expect(after!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry",
      headers: { cookie: operator.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
