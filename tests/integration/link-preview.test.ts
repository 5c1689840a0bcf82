import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeDb } from "../support/database";
import { samplePng } from "../support/biodata";
import { createHelper, createSupplier } from "../support/factories";
import { createTestApp, type TestApp } from "../support/test-app";

describeDb("the picture a shared biodata shows in WhatsApp and Telegram", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is a 1200×630 JPEG made from the helper's photo, with her name beside it", async () => {
    const photo = await sharp(await samplePng(600, 800)).webp().toBuffer();
    await t.app.storage.put("helpers/previewjpeg0001.webp", photo, "image/webp");
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Analyn Dela Cruz", photo: "helpers/previewjpeg0001" });
    const response = await t.app.inject({ url: `/previews/helpers/${helper.id}.jpg?v=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // The left part is the photo (the sample's reds and greens), not the plain panel colour.
    const { data } = await sharp(response.rawPayload).extract({ left: 200, top: 300, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
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
