import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { uploads } from "../../src/features/media/server/tables";
import { sweepOrphanUploads } from "../../src/features/media/server/uploads";
import { mediaFeature } from "../../src/features/media/feature";
import { biodataUsesImage } from "../../src/features/helpers";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, samplePng, upload, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { formBody, formHeaders, usePageApp } from "../support/pages";

const DAY_MS = 24 * 60 * 60 * 1000;

describeDb("images belong to the account that uploaded them", () => {
  const t = usePageApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  const fileOf = (key: string) => path.join(t.dataDir, "media", `${key}.webp`);
  const uploadAs = async (who: SignedIn, purpose: "helper" | "avatar" = "helper") => {
    const response = await upload(t, who.cookie, { data: await samplePng(200, 200) }, { purpose });
    expect(response.statusCode).toBe(201);
    return response.json() as { key: string; url: string };
  };
  const setAvatar = (who: SignedIn, key: string) =>
    t.app.inject({
      method: "POST",
      url: `/profile/${who.id}`,
      headers: { ...formHeaders, cookie: who.cookie },
      payload: formBody({ intent: "avatar", key }),
    });
  const createBiodata = async (who: SignedIn, overrides: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: who.cookie },
      payload: await withPhoto(t, who, biodataBody(overrides)),
    });
  const imageOf = async (id: string) => (await t.db.select({ image: user.image }).from(user).where(eq(user.id, id)))[0]!.image;
  const makeOld = (key: string) =>
    t.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(uploads.key, key));

  it("records every upload with the account that sent it", async () => {
    const supplier = await signUp(t);
    const { key } = await uploadAs(supplier, "avatar");
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ key, ownerId: supplier.id, purpose: "avatar", usedBy: null });
  });

  it("does not let a supplier take another's avatar, nor delete it by replacing it", async () => {
    const victim = await signUp(t, { name: "Victim Agency" });
    const attacker = await signUp(t, { name: "Attacker Agency" });
    const victimAvatar = await uploadAs(victim, "avatar");
    expect((await setAvatar(victim, victimAvatar.key)).statusCode).toBe(200);

    const taken = await setAvatar(attacker, victimAvatar.key);
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain("Use a picture you uploaded");
    expect(await imageOf(attacker.id)).toBeNull();

    // Even had it been accepted, replacing it must never remove a picture someone else shows.
    const own = await uploadAs(attacker, "avatar");
    expect((await setAvatar(attacker, own.key)).statusCode).toBe(200);
    expect(existsSync(fileOf(victimAvatar.key))).toBe(true);
    expect(await imageOf(victim.id)).toBe(victimAvatar.key);
  });

  it("refuses another account's upload as a biodata photo or a notes picture, but lets an operator use it", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const operator = await signUp(t, { role: "operator" });
    const photo = await uploadAs(owner);

    const asPhoto = await createBiodata(other, { photo: photo.key });
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json().error.fields.photo).toBe("Use a photo you uploaded: upload it again");

    const picture = `<p>Certificate</p><p><img src="http://localhost:3000${photo.url}"></p>`;
    const inNotes = await createBiodata(other, { specialNotes: picture });
    expect(inNotes.statusCode).toBe(400);
    expect(inNotes.json().error.fields.specialNotes).toBe("Use only pictures you uploaded in the notes");

    expect((await createBiodata(owner, { specialNotes: picture })).statusCode).toBe(201);
    expect((await createBiodata(operator, { photo: photo.key })).statusCode).toBe(201);
  });

  it("keeps an image's files while a biodata's notes still show it, when the photo that used it is replaced", async () => {
    const supplier = await signUp(t);
    const first = await uploadAs(supplier);
    const second = await uploadAs(supplier);
    const created = await createBiodata(supplier, { photo: first.key });
    expect(created.statusCode).toBe(201);
    const notes = await createBiodata(supplier, { specialNotes: `<p><img src="http://localhost:3000${first.url}"></p>` });
    expect(notes.statusCode).toBe(201);

    const replaced = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${created.json().id}`,
      headers: { cookie: supplier.cookie },
      payload: { photo: second.key },
    });
    expect(replaced.statusCode).toBe(200);
    expect(existsSync(fileOf(first.key))).toBe(true);

    // Once the notes drop it too, nothing uses it: its files and its record go.
    const dropped = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${notes.json().id}`,
      headers: { cookie: supplier.cookie },
      payload: { specialNotes: "<p>No pictures now.</p>" },
    });
    expect(dropped.statusCode).toBe(200);
    expect(existsSync(fileOf(first.key))).toBe(false);
    expect(await t.db.select().from(uploads).where(eq(uploads.key, first.key))).toEqual([]);
  });

  it("sweeps uploads nothing uses after a day, and photos of deleted biodata, and keeps what is in use", async () => {
    const supplier = await signUp(t);
    const abandoned = await uploadAs(supplier);
    const recent = await uploadAs(supplier);
    const used = await uploadAs(supplier);
    const ofDeleted = await uploadAs(supplier);
    expect((await createBiodata(supplier, { photo: used.key })).statusCode).toBe(201);
    const doomed = await createBiodata(supplier, { photo: ofDeleted.key });
    // A delete that could not remove the files leaves them to the sweep: simulate that by
    // taking the row away behind the service's back.
    await t.db.delete(helpers).where(eq(helpers.id, doomed.json().id as string));
    for (const key of [abandoned.key, used.key, ofDeleted.key]) await makeOld(key);

    const result = await sweepOrphanUploads(t.db, t.app.storage, biodataUsesImage);
    expect(result.deleted).toBeGreaterThanOrEqual(2);
    expect(existsSync(fileOf(abandoned.key))).toBe(false);
    expect(existsSync(fileOf(ofDeleted.key))).toBe(false);
    expect(existsSync(fileOf(recent.key))).toBe(true);
    expect(existsSync(fileOf(used.key))).toBe(true);
    const left = (await t.db.select({ key: uploads.key }).from(uploads)).map((row) => row.key);
    expect(left).toEqual(expect.arrayContaining([recent.key, used.key]));
    expect(left).not.toContain(abandoned.key);
  });

  it("runs the sweep at start and then once a day", async () => {
    const supplier = await signUp(t);
    const atStart = await uploadAs(supplier);
    await makeOld(atStart.key);
    vi.useFakeTimers({ toFake: ["setInterval"] });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    // The feature's own daily work, as a serving instance starts it.
    const stop = mediaFeature.background!(t.app.services.media, log);
    try {
      await vi.waitFor(() => expect(existsSync(fileOf(atStart.key))).toBe(false), { timeout: 10_000 });

      const nextDay = await uploadAs(supplier);
      await makeOld(nextDay.key);
      vi.advanceTimersByTime(DAY_MS - 1000);
      expect(existsSync(fileOf(nextDay.key))).toBe(true);
      vi.advanceTimersByTime(1000);
      await vi.waitFor(() => expect(existsSync(fileOf(nextDay.key))).toBe(false), { timeout: 10_000 });
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      stop();
      // The suite's files share a worker: the next one gets the real clock.
      vi.useRealTimers();
    }
  });
});
