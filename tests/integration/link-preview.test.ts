import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, expect, it, vi } from "vitest";
import { previewContent, textPanelSvg } from "../../src/features/seo/server/link-preview";
import { helpers } from "../../src/features/helpers/server/tables";
import { helperPreviewPath } from "../../src/shared/link-preview";
import type { HelperRecord } from "../../src/shared/helper-types";
import { describeDb } from "../support/database";
import { samplePng } from "../support/biodata";
import { createHelper, createSupplier } from "../support/factories";
import { useTestApp } from "../support/test-app";

describeDb("the picture a shared biodata shows in WhatsApp and Telegram", () => {
  const t = useTestApp();

  it("is a 1200×630 JPEG made from the helper's photo, with her name beside it", async () => {
    const photo = await sharp(await samplePng(600, 800))
      .webp()
      .toBuffer();
    await t.app.storage.put("helpers/previewjpeg0001.webp", photo, "image/webp");
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Analyn Dela Cruz", photo: "helpers/previewjpeg0001" });
    const response = await t.app.inject({ url: `/previews/helpers/${helper.id}.jpg?v=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // The left part is the photo (the sample's reds and greens), not the plain panel colour.
    const { data } = await sharp(response.rawPayload)
      .extract({ left: 200, top: 300, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data]).not.toEqual([15, 95, 90]);
  });

  it("shows the initials when there is no photo, and nothing for a draft or an unknown helper", async () => {
    const supplier = await createSupplier(t.db);
    const plain = await createHelper(t, supplier.id, { name: "Nur Aini", photo: null });
    const response = await t.app.inject({ url: `/previews/helpers/${plain.id}.jpg` });
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(1200);
    const draft = await createHelper(t, supplier.id, { status: "draft" });
    expect((await t.app.inject({ url: `/previews/helpers/${draft.id}.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/previews/helpers/not-an-id.jpg" })).statusCode).toBe(404);
  });
});

describeDb("a shared biodata's link preview, stored once per version", () => {
  const t = useTestApp();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Every preview drawn is stored once: the names stored so far, as they were written. */
  const watchStoredPreviews = () => {
    const put = vi.spyOn(t.app.storage, "put");
    return () => put.mock.calls.map(([name]) => name).filter((name) => name.startsWith("previews/"));
  };
  const storedPreviewsOf = (helperId: string) => t.app.storage.list(`previews/${helperId}.`);
  const preview = (helperId: string) => t.app.inject({ url: `/previews/helpers/${helperId}.jpg` });

  it("is drawn once when a group chat opens the link at the same moment, and read from storage after that", async () => {
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Siti Rahayu", photo: null });
    const stored = watchStoredPreviews();
    const together = await Promise.all(Array.from({ length: 5 }, () => preview(helper.id)));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(together.map((r) => r.rawPayload.toString("base64"))).size).toBe(1);
    expect(stored()).toHaveLength(1);
    const later = await preview(helper.id);
    expect(later.rawPayload.equals(together[0]!.rawPayload)).toBe(true);
    expect(stored()).toHaveLength(1);
    expect(await storedPreviewsOf(helper.id)).toEqual(stored());
  });

  it("gets a new picture when the biodata or its photo changes, and the old one is removed", async () => {
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Maria Santos", photo: null });
    const first = await preview(helper.id);
    const [firstName] = await storedPreviewsOf(helper.id);
    expect(firstName).toBeDefined();

    // Changed outside the site's own writes (another instance, an operator's SQL): still seen.
    await t.db.update(helpers).set({ name: "Maria Clara Santos", salary: 820 }).where(eq(helpers.id, helper.id));
    const renamed = await preview(helper.id);
    expect(renamed.rawPayload.equals(first.rawPayload)).toBe(false);
    await expect.poll(() => storedPreviewsOf(helper.id)).toHaveLength(1);
    const [secondName] = await storedPreviewsOf(helper.id);
    expect(secondName).not.toBe(firstName);

    const photo = await sharp(await samplePng(600, 800))
      .webp()
      .toBuffer();
    await t.app.storage.put("helpers/previewjpeg0002.webp", photo, "image/webp");
    await t.db.update(helpers).set({ photo: "helpers/previewjpeg0002" }).where(eq(helpers.id, helper.id));
    const withPhoto = await preview(helper.id);
    expect(withPhoto.rawPayload.equals(renamed.rawPayload)).toBe(false);
    await expect.poll(async () => (await storedPreviewsOf(helper.id)).filter((name) => name !== secondName)).toHaveLength(1);
    await expect.poll(() => storedPreviewsOf(helper.id)).toHaveLength(1);
  });

  it("is not served as a media file, and the sweep removes previews of biodata no longer public", async () => {
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Dewi Lestari", photo: null });
    await preview(helper.id);
    const [name] = await storedPreviewsOf(helper.id);
    expect((await t.app.inject({ url: `/media/${name}` })).statusCode).toBe(404);

    await t.db.update(helpers).set({ status: "draft" }).where(eq(helpers.id, helper.id));
    const { deleted } = await t.app.services.seo.sweep();
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await storedPreviewsOf(helper.id)).toEqual([]);
    expect((await preview(helper.id)).statusCode).toBe(404);
  });

  it("a Chinese page's preview says its words in Chinese, in a picture of its own beside the English one", async () => {
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Nur Aini", photo: null, nationality: "indonesia", salary: 750 });
    const english = await preview(helper.id);
    const chinese = await t.app.inject({ url: `/previews/helpers/${helper.id}.jpg?v=1&lang=zh` });
    expect(chinese.statusCode).toBe(200);
    expect(chinese.headers["content-type"]).toBe("image/jpeg");
    expect(chinese.rawPayload.equals(english.rawPayload)).toBe(false);
    // Each language keeps its own stored picture: drawing one never removes the other.
    const names = await storedPreviewsOf(helper.id);
    expect(names).toHaveLength(2);
    expect(names.filter((name) => name.startsWith(`previews/${helper.id}.zh-`))).toHaveLength(1);
    const again = await preview(helper.id);
    expect(again.rawPayload.equals(english.rawPayload)).toBe(true);
    // An unknown language is English.
    const other = await t.app.inject({ url: `/previews/helpers/${helper.id}.jpg?lang=xx` });
    expect(other.rawPayload.equals(english.rawPayload)).toBe(true);

    // The words drawn: no English left but the name, the reference and the site's name.
    const record = (await t.app.services.helpers.find(helper.id)) as HelperRecord;
    const content = previewContent(record, "Direct Helpers", "zh");
    expect(content.facts).toContain("印尼");
    expect(content.price).toContain("750新元");
    const drawn = [...textPanelSvg(content).matchAll(/>([^<]+)<\/text>/g)].map((match) => match[1]!);
    const words = drawn.join(" ").replace("Nur Aini", "").replace("Direct Helpers", "").replace(record.ref, "");
    expect(words).not.toMatch(/[A-Za-z]{2,}/);
    expect(textPanelSvg(content)).toContain('font-family="Noto Sans SC');
    expect(previewContent(record, "Direct Helpers", "en").facts).toContain("Indonesia");
    expect(helperPreviewPath({ id: helper.id, updatedAt: record.updatedAt }, "zh")).toMatch(/&lang=zh$/);
  });
});

describeDb("a published biodata's preview, made before anyone asks (PREPARE_AHEAD)", () => {
  const ahead = useTestApp({ env: { PREPARE_AHEAD: "true" } });
  const asked = useTestApp();

  it("is stored once the biodata is published, with no request for it; turned off, only its first request draws it", async () => {
    const supplier = await createSupplier(ahead.db);
    const helper = await createHelper(ahead, supplier.id, { name: "Rina Wati", photo: null });
    // The helpers table's trigger announced her; the site's writes deliver what was announced.
    await ahead.app.services.announced();
    await expect.poll(() => ahead.app.storage.list(`previews/${helper.id}.`), { timeout: 15_000 }).toHaveLength(1);

    const other = await createSupplier(asked.db);
    const later = await createHelper(asked, other.id, { name: "Rina Wati", photo: null });
    await asked.app.services.announced();
    expect(await asked.app.storage.list(`previews/${later.id}.`)).toEqual([]);
    expect((await asked.app.inject({ url: `/previews/helpers/${later.id}.jpg` })).statusCode).toBe(200);
    expect(await asked.app.storage.list(`previews/${later.id}.`)).toHaveLength(1);
  });
});
