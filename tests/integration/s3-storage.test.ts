import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, samplePng, upload, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { startS3Server, type TestS3 } from "../support/s3-server";
import { useTestApp } from "../support/test-app";

describeDb("photos in S3-compatible object storage", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });
  // A save draws its link preview ahead (PREPARE_AHEAD), which one test follows into the bucket.
  const t = useTestApp(() => ({ env: { ...s3.env, PREPARE_AHEAD: "true" } }));
  let supplier: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Bucket Agency" });
  });

  it("stores an upload in the bucket, serves it, and removes it with the biodata", async () => {
    expect(t.app.storage.kind).toBe("s3");
    const uploaded = await upload(t, supplier.cookie, { data: await samplePng(500, 700) });
    expect(uploaded.statusCode).toBe(201);
    const { key, url, thumbUrl } = uploaded.json();
    expect(await s3.keys()).toEqual(expect.arrayContaining([`${key}.webp`, `${key}-thumb.webp`]));

    for (const address of [url, thumbUrl]) {
      const served = await t.app.inject({ url: address });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.rawPayload.subarray(8, 12).toString("ascii")).toBe("WEBP");
    }

    const created = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: biodataBody({ photo: key }),
    });
    expect(created.statusCode).toBe(201);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/helpers/${created.json().id}`,
      headers: { cookie: supplier.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await s3.keys()).not.toEqual(expect.arrayContaining([`${key}.webp`]));
    expect(await s3.keys()).not.toEqual(expect.arrayContaining([`${key}-thumb.webp`]));
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it("keeps a biodata's link preview in the bucket, draws it again after a change, and removes it with the biodata", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: await withPhoto(t, supplier, biodataBody()),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const previewsInBucket = async () => (await s3.keys()).filter((name) => name.startsWith(`previews/${id}.`));
    const first = await t.app.inject({ url: `/previews/helpers/${id}.jpg` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/jpeg");
    // A save draws the preview in each family language: English and Chinese, stored apart.
    // The Chinese one draws in Noto Sans SC, whose first use loads the font: allow it time.
    await expect.poll(async () => (await previewsInBucket()).length, { timeout: 15_000 }).toBe(2);
    const firstNames = await previewsInBucket();
    expect(firstNames.filter((name) => name.startsWith(`previews/${id}.zh-`))).toHaveLength(1);

    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${id}`,
      headers: { cookie: supplier.cookie },
      payload: { salary: 910 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await t.app.inject({ url: `/previews/helpers/${id}.jpg` });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
    await expect
      .poll(
        async () => {
          const names = await previewsInBucket();
          return names.length === 2 && names.every((name) => !firstNames.includes(name));
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    await t.app.inject({ method: "DELETE", url: `/api/helpers/${id}`, headers: { cookie: supplier.cookie } });
    await expect.poll(previewsInBucket).toEqual([]);
  });

  it("refuses a photo key that is not in the bucket", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: biodataBody({ photo: "helpers/notinthebucket01" }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.photo).toMatch(/not found/);
  });
});
