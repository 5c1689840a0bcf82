/**
 * The language of the pages a supplier reads signed out (decision 123): chosen there with a
 * `?lang=` link, remembered in a cookie, never taken from Accept-Language, and kept by the
 * account made on the sign-up page.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { TEST_PASSWORD, signUp } from "../support/auth";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("the signed-out pages' language choice", () => {
  const t = usePageApp();
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const post = (url: string, values: Record<string, string>, cookie?: string) =>
    t.app.inject({ method: "POST", url, headers: { ...formHeaders, ...(cookie ? { cookie } : {}) }, payload: formBody(values) });

  it("offers the four languages as links, and a chosen one shows the page in it and is remembered", async () => {
    const english = await page("/login", { "accept-language": "fil-PH,fil;q=0.9" });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('href="?lang=fil"');
    expect(english.body).toContain("မြန်မာ");
    expect(english.headers["set-cookie"] ?? "").not.toContain("dh_lang");

    const chosen = await page("/login?lang=fil&redirectTo=%2Fdashboard");
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body).toContain('<html lang="fil"');
    expect(chosen.body).toContain("Mag-log in");
    expect(chosen.body).not.toContain(">Log in<");
    // The other choices keep the page's other parameters.
    expect(chosen.body).toContain('href="?lang=my&amp;redirectTo=%2Fdashboard"');
    expect(String(chosen.headers["set-cookie"])).toMatch(/^dh_lang=fil; Path=\/; Max-Age=\d+; SameSite=Lax/);
    expect(String(chosen.headers["cache-control"])).toMatch(/no-store|private/);

    // The next signed-out page reads the cookie; a family page does not change.
    const register = await page("/register", { cookie: "dh_lang=fil" });
    expect(register.body).toContain('<html lang="fil"');
    expect(register.body).toContain("Mag-sign up");
    expect((await page("/posts", { cookie: "dh_lang=fil" })).body).toContain('<html lang="en"');
    // An unknown choice is no choice.
    expect((await page("/login?lang=zh", { cookie: "dh_lang=xx" })).body).toContain('<html lang="en"');
  });

  it("a wrong password on the log-in page is said in the language chosen", async () => {
    const supplier = await signUp(t, { name: "Wrong Password Agency" });
    const wrong = await post("/login", { email: supplier.email, password: "not the password at all" }, "dh_lang=my");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("အီးမေးလ် သို့မဟုတ် စကားဝှက် မှားနေပါသည်။");
    expect(wrong.body).not.toContain("Invalid email or password");
  });

  it("an account made on the sign-up page in Filipino keeps Filipino", async () => {
    const email = uniqueEmail();
    const made = await post(
      "/register",
      { name: "Maria Santos", companyName: "Santos Agency", email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
      "dh_lang=fil",
    );
    expect(made.statusCode).toBe(302);
    const [row] = await t.db.select({ locale: user.locale }).from(user).where(eq(user.email, email));
    expect(row?.locale).toBe("fil");
    // Without a choice, the account has none (English).
    const plain = uniqueEmail();
    await post("/register", {
      name: "Ana Cruz",
      companyName: "Cruz Agency",
      email: plain,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    const [other] = await t.db.select({ locale: user.locale }).from(user).where(eq(user.email, plain));
    expect(other?.locale ?? "en").toBe("en");
  });
});
