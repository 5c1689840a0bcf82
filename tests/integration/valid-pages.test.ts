/**
 * Every kind of page, as a visitor, a family past the gate, a supplier and an operator see it,
 * checked by the W3C Nu HTML validator (the vnu-jar package; needs Java 11 or newer, and is
 * skipped, saying so, where there is none). One validator run for all the pages.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { testDbKind } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const run = promisify(execFile);
// The package exports the jar's path (as a String object).
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const java = await run("java", ["-version"]).then(
  () => true,
  () => false,
);
if (!java) console.log("valid pages: skipped, no Java to run the Nu validator");

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

// The pages are the same on either database: checked once, on the embedded one.
describe.skipIf(!java || testDbKind !== "pglite")("the pages are valid HTML", () => {
  const t = usePageApp();

  it("has no error from the Nu validator on any page, for anyone", { timeout: 120_000 }, async () => {
    const supplier = await signUp(t, { name: "Valid Agency" });
    const operator = await signUp(t, { name: "Valid Operator", role: "operator" });
    // With the parts that were invalid: marks in the skills table, months of past employment.
    const helper = await createHelper(t, supplier.id, {
      name: "Valid Vina",
      skills: {
        cooking: { willing: true, experienced: true, years: 3, rating: 4, detail: null, note: null },
        infant: { willing: false, experienced: false, years: null, rating: null, detail: null, note: null },
      },
      employment: [
        { from: "2019-03", to: "2022-08", country: "singapore", employer: "A family", duties: null, remarks: null, feedback: null },
      ],
    });
    // A helper on her own (a direct hire): her biodata shows her block, with the report's link.
    const own = await signUp(t, { name: "Valid Own", role: "helper" });
    const direct = await createHelper(t, own.id, { name: "Valid Dewi", directHireReason: "finishing-contract" });
    const family = await returningVisitorCookie(t, "Valid Family");
    const pages: [string, string | undefined][] = [
      ["/", undefined],
      ["/posts", undefined],
      ["/zh/posts", undefined],
      [`/posts/${helper.id}`, undefined],
      [`/zh/posts/${helper.id}`, undefined],
      [`/shortlist?ids=${helper.id}`, undefined],
      ["/authors", undefined],
      ["/filters", undefined],
      ["/login", undefined],
      ["/register", undefined],
      ["/forgot-password", undefined],
      ["/privacy-policy", undefined],
      ["/api/docs", undefined],
      [`/posts/${helper.id}`, family],
      [`/posts/${helper.id}/message`, family],
      ["/privacy/my-data", family],
      ["/filters", family],
      ["/dashboard", supplier.cookie],
      ["/create", supplier.cookie],
      [`/posts/${helper.id}/edit`, supplier.cookie],
      ["/dashboard/messages", supplier.cookie],
      [`/profile/${supplier.id}`, supplier.cookie],
      ["/admin/leads", operator.cookie],
      ["/admin/outbox", operator.cookie],
      ["/admin/suppliers", operator.cookie],
      ["/admin/helpers", operator.cookie],
      ["/admin/settings", operator.cookie],
      ["/admin/conversations", operator.cookie],
      ["/register?as=helper", undefined],
      [`/posts/${direct.id}`, undefined],
      [`/posts/${direct.id}/report`, family],
      ["/dashboard", own.cookie],
      [`/posts/${direct.id}/edit`, own.cookie],
      ["/dashboard/messages", own.cookie],
      [`/profile/${own.id}`, own.cookie],
      ["/admin/helper-accounts", operator.cookie],
    ];
    const folder = await mkdtemp(path.join(os.tmpdir(), "dh-vnu-"));
    try {
      const files: string[] = [];
      for (const [i, [url, cookie]] of pages.entries()) {
        const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
        expect(response.statusCode, url).toBe(200);
        const file = path.join(folder, `${i}.html`);
        await writeFile(file, response.body);
        files.push(file);
      }
      const { stdout } = await run("java", ["-jar", vnuJar, "--format", "json", "--stdout", "--exit-zero-always", ...files], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
      const errors = messages
        .filter((message) => message.type === "error" || message.subType === "fatal")
        .map((message) => {
          const page = pages[Number(path.basename(message.url ?? "", ".html"))];
          return `${page?.[0] ?? message.url}${page?.[1] ? " (signed in)" : ""}:${message.lastLine ?? "?"} ${message.message} [${(message.extract ?? "").trim().slice(0, 80)}]`;
        });
      expect(errors).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
