import { beforeAll, expect, it } from "vitest";
import { ageFromIso } from "../../src/shared/age";
import { signUp, type SignedIn } from "../support/auth";
import { PRIVATE_VALUES, publishFullBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { pdfText } from "../support/pdf-text";
import { returningVisitorCookie } from "../support/visitor";

const BORN = "1990-05-15";
/** What part A2 and the date of birth say of this helper, in every form a page, the API or a PDF writes it. */
const GATED_TEXT = [
  "Shellfish",
  "Asthma",
  "Operations",
  "Allergies",
  "Past and existing illnesses",
  "Physical disabilities",
  BORN,
  "15 May 1990",
];
const GATED_KEYS = ['"dateOfBirth"', '"allergies"', '"illnesses"', '"illnessOther"', '"disabilities"'];

function expectNoGatedDetails(body: string) {
  for (const text of [...GATED_TEXT, ...GATED_KEYS]) expect(body).not.toContain(text);
}

describeDb("a helper's medical history and date of birth, for families past the gate", () => {
  const t = usePageApp();
  let owner: SignedIn;
  let id: string;
  let family: string;
  const age = ageFromIso(BORN)!;

  beforeAll(async () => {
    owner = await signUp(t);
    id = await publishFullBiodata(t, owner, { name: "Amelia Gated", dateOfBirth: BORN });
    family = await returningVisitorCookie(t, "Family Tan");
  });

  const page = (cookie?: string) => t.app.inject({ url: `/posts/${id}`, headers: cookie ? { cookie } : {} });
  const pdf = (cookie?: string) => t.app.inject({ url: `/posts/${id}/biodata.pdf`, headers: cookie ? { cookie } : {} });

  it("an anonymous visitor sees her age, not her date of birth nor her medical history, on a page any cache may keep", async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(response.body).toMatch(new RegExp(`<dt>Age</dt><dd>${age}</dd>`));
    expect(response.body).toContain(`content="Philippines domestic helper · age ${age}`);
    expectNoGatedDetails(response.body);
    // Where the medical part was: how to see it, and a way back here afterwards.
    expect(response.body).toContain("Her medical history and date of birth are shown to families who leave their name and number.");
    expect(response.body).toContain(`href="/filters?redirectTo=${encodeURIComponent(`/posts/${id}`)}"`);
    expect(response.body).toContain("No beef");
  });

  it("the JSON API gives her age to everyone and her medical history and date of birth to nobody, in the record and the listing", async () => {
    for (const cookie of [undefined, family, owner.cookie]) {
      const record = await t.app.inject({ url: `/api/helpers/${id}`, headers: cookie ? { cookie } : {} });
      expect(record.statusCode).toBe(200);
      expect(record.json().age).toBe(age);
      expect(record.json().dietaryRestrictions).toBe("No beef");
      expectNoGatedDetails(record.body);
    }
    for (const url of [`/api/helpers?supplier=${owner.id}`, "/api/helpers?q=Amelia"]) {
      const listing = await t.app.inject({ url });
      expect(listing.json().items.map((card: { id: string; age: number }) => [card.id, card.age])).toEqual([[id, age]]);
      expectNoGatedDetails(listing.body);
    }
    const cards = await t.app.inject({ url: `/posts?supplier=${owner.id}` });
    expectNoGatedDetails(cards.body);
  });

  it("a family past the gate sees them on a private page that the page cache neither serves nor keeps", async () => {
    await page();
    const before = { ...t.app.pageCache.stats };
    const response = await page(family);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    for (const text of ["Shellfish", "Asthma, Operations", `${age} (15 May 1990)`]) expect(response.body).toContain(text);
    expect(response.body).not.toContain("shown to families who leave their name and number");
    expect(t.app.pageCache.stats.hits).toBe(before.hits);
    expect(t.app.pageCache.stats.stores).toBe(before.stores);
    // The link preview's words stay the public ones, and the private details stay out.
    expect(response.body).toContain(`content="Philippines domestic helper · age ${age}`);
    for (const value of Object.values(PRIVATE_VALUES)) expect(response.body).not.toContain(value);
    // The next anonymous visitor still gets the page without them.
    expectNoGatedDetails((await page()).body);
  });

  it("a cookie written by hand is no family: the page stays without them", async () => {
    const handMade = `visitor=${encodeURIComponent(JSON.stringify({ name: "Gate Skipper", phone: "+6591234567" }))}`;
    const response = await page(handMade);
    expect(response.statusCode).toBe(200);
    expectNoGatedDetails(response.body);
  });

  it("the supplier who owns the biodata and operators still see everything on their own screens", async () => {
    const operator = await signUp(t, { role: "operator" });
    for (const cookie of [owner.cookie, operator.cookie]) {
      const edit = await t.app.inject({ url: `/posts/${id}/edit`, headers: { cookie } });
      expect(edit.statusCode).toBe(200);
      for (const text of ["Shellfish", BORN, PRIVATE_VALUES.homePhone]) expect(edit.body).toContain(text);
    }
    const own = await t.app.inject({ url: "/api/me/helpers", headers: { cookie: owner.cookie } });
    expect(own.json().items[0]).toMatchObject({ id, dateOfBirth: BORN, allergies: "Shellfish", illnesses: ["asthma", "operations"] });
    const ownPage = await page(owner.cookie);
    expect(ownPage.headers["cache-control"]).toBe("private, no-store");
    expect(ownPage.body).toContain("Shellfish");
  });

  it("the anonymous PDF leaves them out, the family's PDF has them and is never stored by a shared cache", async () => {
    const anonymous = await pdf();
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=60");
    const publicText = (await pdfText(anonymous.rawPayload)).text;
    expect(publicText).toContain("Amelia Gated");
    expect(publicText).toContain(`Age ${age}`);
    for (const text of GATED_TEXT) expect(publicText).not.toContain(text);

    const families = await pdf(family);
    expect(families.statusCode).toBe(200);
    expect(families.headers["cache-control"]).toBe("private, no-store");
    const familyText = (await pdfText(families.rawPayload)).text;
    for (const text of ["Shellfish", "Asthma, Operations", `15 May 1990 (age ${age})`, "Physical disabilities"])
      expect(familyText).toContain(text);
    for (const value of Object.values(PRIVATE_VALUES)) expect(familyText).not.toContain(value);

    // Each kept copy goes only to its own readers, in either order.
    for (const text of GATED_TEXT) expect((await pdfText((await pdf()).rawPayload)).text).not.toContain(text);
    const ownerText = (await pdfText((await pdf(owner.cookie)).rawPayload)).text;
    for (const text of ["Shellfish", "15 May 1990", PRIVATE_VALUES.homePhone]) expect(ownerText).toContain(text);
  });

  it("the gate sends a new family back to the biodata they came from, and only to a path on this site", async () => {
    const pass = (redirectTo: string) =>
      t.app.inject({
        method: "POST",
        url: `/filters?redirectTo=${encodeURIComponent(redirectTo)}`,
        headers: formHeaders,
        payload: formBody({ name: "Returning Family", phone: uniqueSgMobile().typed, redirectTo }),
      });
    const back = await pass(`/posts/${id}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/posts/${id}`);
    const cookie = String(back.headers["set-cookie"]).split(";")[0]!;
    expect((await page(cookie)).body).toContain("Shellfish");

    for (const elsewhere of ["https://evil.example/", "//evil.example/posts", "/\\evil.example"]) {
      const stays = await pass(elsewhere);
      expect(stays.statusCode).toBe(200);
      expect(stays.headers.location).toBeUndefined();
    }
    // A family already known is sent straight on.
    const known = await t.app.inject({ url: `/filters?redirectTo=${encodeURIComponent(`/posts/${id}`)}`, headers: { cookie } });
    expect(known.statusCode).toBe(302);
    expect(known.headers.location).toBe(`/posts/${id}`);
  });
});
