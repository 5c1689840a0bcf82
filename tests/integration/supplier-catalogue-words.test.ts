/**
 * The catalogue's words on the supplier's screens (decision 123): the biodata form, its skills
 * table and the dashboard show the labels in the supplier's language, while the values the
 * forms send stay the catalogue's slugs.
 */
import { expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("catalogue labels on the supplier's screens", () => {
  const t = usePageApp();
  const page = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  const choose = async (supplier: SignedIn, locale: string) => {
    const saved = await t.app.inject({
      method: "POST",
      url: `/profile/${supplier.id}`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ intent: "language", locale }),
    });
    expect(saved.statusCode).toBe(200);
  };

  it("the biodata form in Bahasa Indonesia shows the catalogue's Indonesian words and sends its slugs", async () => {
    const supplier = await signUp(t, { name: "Sari Agency" });
    await choose(supplier, "id");
    const form = (await page("/create", supplier.cookie)).body;
    // A nationality, a status, an illness, an interview mode, a skill area and a skill group.
    expect(form).toMatch(/<option value="philippines"[^>]*>Filipina<\/option>/);
    expect(form).toMatch(/<option value="draft"[^>]*>Draf<\/option>/);
    expect(form).toContain("Gangguan jiwa");
    expect(form).toContain("Merawat bayi");
    expect(form).toContain("Kemampuan bahasa (lisan)");
    expect(form).toMatch(/value="mental-illness"/);
    for (const english of [">Philippines<", ">Draft<", "Mental illness", "Care of infants", "Language abilities (spoken)", "By video"])
      expect(form).not.toContain(english);
  });

  it("the dashboard's status choice in Bahasa Indonesia, and in English for a supplier who reads English", async () => {
    const supplier = await signUp(t, { name: "Dewi Agency" });
    await createHelper(t, supplier.id, { name: "Status Siti", status: "available" });
    const english = (await page("/dashboard", supplier.cookie)).body;
    expect(english).toMatch(/<option value="available"[^>]*>Available<\/option>/);
    await choose(supplier, "id");
    const dashboard = (await page("/dashboard", supplier.cookie)).body;
    expect(dashboard).toMatch(/<option value="available"[^>]*>Tersedia<\/option>/);
    expect(dashboard).toMatch(/<option value="hired"[^>]*>Sudah bekerja<\/option>/);
    expect(dashboard).not.toContain(">Available<");
  });
});
