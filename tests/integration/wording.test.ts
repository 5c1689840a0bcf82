import { expect, it } from "vitest";
import { describeDb } from "../support/database";
import { usePageApp } from "../support/pages";

/** The page's visible words, without tags and React's text separators. */
const words = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describeDb("the site's wording", () => {
  const t = usePageApp();

  it("asks to sign up and to log in in the same words", async () => {
    expect(words((await t.app.inject({ url: "/login" })).body)).toContain("Don't have an account? Sign up");
    expect(words((await t.app.inject({ url: "/register" })).body)).toContain("Already have an account? Log in");
  });

  it("says only “Sign up” and “Log in”: in titles, headings, buttons and links, never Register, Sign in or Login", async () => {
    const visible = (html: string) => words(html.replace(/<script[\s\S]*?<\/script>/g, ""));
    const pages = ["/", "/login", "/register", "/forgot-password", "/posts", "/authors", "/filters", "/privacy-policy"];
    for (const url of pages) {
      const text = visible((await t.app.inject({ url })).body);
      expect(text, url).not.toMatch(/\b(Register(ing)?|Sign[ -]?in|Signing in|Login|Log In|Signup|Sign Up|Log-in)\b/);
    }
    const register = (await t.app.inject({ url: "/register" })).body;
    expect(register).toContain("<title>Sign up — Direct Helpers</title>");
    const login = (await t.app.inject({ url: "/login" })).body;
    expect(login).toContain("<title>Log in — Direct Helpers</title>");
    expect(visible(login)).toMatch(/Log in\s+Forgot your password\?/);
    expect((await t.app.inject({ url: "/api/admin/leads" })).json().error.message).toBe("Please log in first.");
  });

  it("writes the menu's items with the same capitals and the contact number as people read it, linked as WhatsApp needs it", async () => {
    const home = (await t.app.inject({ url: "/" })).body;
    const menu = /<nav id="site-menu"[^>]*>([\s\S]*?)<\/nav>/.exec(home)![1]!;
    expect([...menu.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual([
      "Filters",
      "Jobs",
      "Privacy Policy",
      "Contact +65 8000 0000",
      "Overseas Suppliers",
      "Log in",
    ]);
    const footer = /<footer[\s\S]*?<\/footer>/.exec(home)![0];
    expect(words(footer)).toContain("Contact +65 8000 0000");
    expect(footer).toContain('href="https://wa.me/6580000000"');
    expect(home).not.toMatch(/\+?6580000000</);
  });
});
