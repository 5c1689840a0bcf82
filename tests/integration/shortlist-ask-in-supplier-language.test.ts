/**
 * Issue 27, item 4: "Ask about these helpers" on a shortlist gives each supplier one message, in
 * the supplier's language, with the family's own words (in the page's language) kept below; a
 * supplier who reads the page's language gets the family's words alone.
 */
import { beforeAll, expect, it } from "vitest";
import { chooseLanguage, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";
import { user } from "../../src/features/accounts/server/tables";
import { eq } from "drizzle-orm";

/** The WhatsApp messages of the shortlist's "Ask" links, by the number they go to. */
export function askMessages(html: string): Map<string, string> {
  const group = /<div class="shortlist-ask"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
  const found = new Map<string, string>();
  for (const match of group.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)) {
    const url = new URL(match[1]!.replace(/&#x27;/g, "'").replace(/&amp;/g, "&"));
    found.set(url.pathname.slice(1), url.searchParams.get("text")!);
  }
  return found;
}

describeDb("asking a shortlist's suppliers, each in its language", () => {
  const t = usePageApp();
  let burmese: SignedIn;
  let english: SignedIn;
  const ids: string[] = [];

  beforeAll(async () => {
    burmese = await signUp(t, { name: "Shwe Pyi" });
    english = await signUp(t, { name: "Harbour Light" });
    expect((await chooseLanguage(t, burmese, "my")).statusCode).toBe(200);
    await t.db.update(user).set({ phone: "+6581110001" }).where(eq(user.id, burmese.id));
    await t.db.update(user).set({ phone: "+6581110002" }).where(eq(user.id, english.id));
    for (const [supplier, name] of [
      [burmese, "Thandar Aung"],
      [burmese, "Khin Mar"],
      [english, "Maria Santos"],
    ] as const) {
      ids.push((await createHelper(t, supplier.id, { name, nationality: "myanmar" })).id);
    }
  });

  it("asks the Burmese supplier in Burmese and the English one in English, the family's Chinese below, each about its own helpers", async () => {
    const page = await t.app.inject({ url: `/zh/shortlist?ids=${ids.join(",")}` });
    expect(page.statusCode).toBe(200);
    const messages = askMessages(page.body);
    expect(messages.size).toBe(2);
    const toBurmese = messages.get("6581110001")!;
    const lines = toBurmese.split("\n");
    expect(lines[0]).toMatch(/^မင်္ဂလာပါ၊ .* ရှိ မိသားစုတစ်စုက/);
    expect(toBurmese).toContain("1. Thandar Aung (ရည်ညွှန်း DH");
    expect(toBurmese).toContain("2. Khin Mar (ရည်ညွှန်း DH");
    expect(toBurmese).toContain("မိသားစု၏ မူရင်းစာ-");
    // The family's own words, in Chinese, below the Burmese.
    const below = toBurmese.slice(toBurmese.indexOf("မိသားစု၏ မူရင်းစာ-"));
    expect(below).toMatch(/[\u4e00-\u9fff]/);
    expect(below).toContain("Thandar Aung");
    expect(toBurmese).not.toContain("Maria Santos");

    const toEnglish = messages.get("6581110002")!;
    expect(toEnglish.split("\n")[0]).toMatch(/^Hello, a family on .* would like to know more about these helpers of yours:$/);
    expect(toEnglish).toContain("The family's own words:");
    expect(toEnglish).not.toContain("Thandar Aung");
  });

  it("gives a supplier who reads the page's language the family's words alone", async () => {
    const page = await t.app.inject({ url: `/shortlist?ids=${ids.join(",")}` });
    const toEnglish = askMessages(page.body).get("6581110002")!;
    expect(toEnglish.split("\n")[0]).toBe("Hi, I would like to know more about the helpers on my shortlist:");
    expect(toEnglish).not.toContain("The family's own words:");
    // The Burmese supplier is still asked in Burmese, the family's English below.
    expect(askMessages(page.body).get("6581110001")!.split("\n")[0]).toMatch(/^မင်္ဂလာပါ/);
  });
});
