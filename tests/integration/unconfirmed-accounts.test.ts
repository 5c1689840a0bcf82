import { randomBytes } from "node:crypto";
import { expect, it, vi } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, ownPhotoKey } from "../support/biodata";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { queuedMailsTo } from "../support/notify";
import { usePageApp } from "../support/pages";
import type { TestApp } from "../support/test-app";

/** Mail "can really be sent": the worker never runs here, so messages stay in the outbox. */
const WITH_MAIL = { SMTP_URL: "smtp://127.0.0.1:2525", SUPPORT_EMAIL: "support@example.com" };

async function confirmationLink(t: TestApp, email: string): Promise<string> {
  const [text] = await vi.waitFor(async () => {
    const mails = await queuedMailsTo(t, "email-verification", email);
    expect(mails.length).toBeGreaterThan(0);
    return mails;
  });
  const url = new URL(text!.match(/https?:\/\/\S+/)![0]);
  return url.pathname + url.search;
}

/** Everything the public could reach of one biodata and its supplier, as status codes and findings. */
async function publicView(t: TestApp, supplierId: string, helper: { id: string; name: string }) {
  const get = (url: string) => t.app.inject({ url });
  await t.app.services.helpers.searchIndex.ready();
  const search = await get(`/api/helpers?q=${encodeURIComponent(helper.name)}`);
  const entries = await t.app.services.seo.sitemapEntries([]);
  return {
    api: (await get(`/api/helpers/${helper.id}`)).statusCode,
    page: (await get(`/posts/${helper.id}`)).statusCode,
    pdf: (await get(`/posts/${helper.id}/biodata.pdf`)).statusCode,
    preview: (await get(`/previews/helpers/${helper.id}.jpg`)).statusCode,
    searchFinds: search.json().total,
    listingPage: (await get(`/posts?q=${encodeURIComponent(helper.name)}`)).body.includes(helper.id),
    inSitemap: entries.some((entry) => entry.path === `/posts/${helper.id}`),
    supplierApi: (await get(`/api/suppliers/${supplierId}`)).statusCode,
    supplierPage: (await get(`/posts/users/${supplierId}`)).statusCode,
    inSuppliers: (await get("/api/suppliers")).json().items.some((item: { id: string }) => item.id === supplierId),
  };
}

const HIDDEN = {
  api: 404,
  page: 404,
  pdf: 404,
  preview: 404,
  searchFinds: 0,
  listingPage: false,
  inSitemap: false,
  supplierApi: 404,
  supplierPage: 404,
  inSuppliers: false,
};

const uniqueName = (word: string) => `${word} ${randomBytes(4).toString("hex")}`;

describeDb("when mail can be sent, nothing of an account is public until its email is confirmed", () => {
  const t = usePageApp({ env: WITH_MAIL });

  it("keeps an unconfirmed supplier's reserved, hired and available biodata off every public page, and shows them once the link is opened", async () => {
    const supplier = await signUp(t);
    // Made public before the site sent mail (or by an operator): the account never confirmed.
    const photo = await ownPhotoKey(t, supplier);
    const available = await createHelper(t, supplier.id, { name: uniqueName("Availa"), status: "available", photo });
    const reserved = await createHelper(t, supplier.id, { name: uniqueName("Reserva"), status: "reserved" });
    const hired = await createHelper(t, supplier.id, { name: uniqueName("Hira"), status: "hired" });

    expect(await publicView(t, supplier.id, available)).toEqual(HIDDEN);
    for (const helper of [reserved, hired]) {
      const view = await publicView(t, supplier.id, helper);
      expect({ api: view.api, page: view.page, pdf: view.pdf, preview: view.preview }).toEqual({
        api: 404,
        page: 404,
        pdf: 404,
        preview: 404,
      });
    }
    const sitemap = await t.app.inject({ url: "/sitemap.xml" });
    expect(sitemap.body).not.toContain(available.id);
    // Its owner still sees every one of them.
    const own = await t.app.inject({ url: `/api/helpers/${reserved.id}`, headers: { cookie: supplier.cookie } });
    expect(own.statusCode).toBe(200);

    expect((await t.app.inject({ url: await confirmationLink(t, supplier.email) })).statusCode).toBe(302);

    expect(await publicView(t, supplier.id, available)).toMatchObject({
      api: 200,
      page: 200,
      pdf: 200,
      preview: 200,
      searchFinds: 1,
      listingPage: true,
      inSitemap: true,
      supplierApi: 200,
      supplierPage: 200,
      inSuppliers: true,
    });
    for (const helper of [reserved, hired]) {
      expect((await t.app.inject({ url: `/posts/${helper.id}` })).statusCode).toBe(200);
    }
  });

  it("keeps a helper on her own (a direct hire) off every public page too until her email is confirmed", async () => {
    const own = await signUp(t, { name: "Unconfirmed Own", role: "helper" });
    const photo = await ownPhotoKey(t, own);
    const her = await createHelper(t, own.id, {
      name: uniqueName("Owna"),
      status: "available",
      photo,
      directHireReason: "finishing-contract",
    });
    const hidden = await publicView(t, own.id, her);
    expect({ api: hidden.api, page: hidden.page, pdf: hidden.pdf, searchFinds: hidden.searchFinds, inSitemap: hidden.inSitemap }).toEqual({
      api: 404,
      page: 404,
      pdf: 404,
      searchFinds: 0,
      inSitemap: false,
    });
    expect((await t.app.inject({ url: await confirmationLink(t, own.email) })).statusCode).toBe(302);
    const shown = await publicView(t, own.id, her);
    expect({ api: shown.api, page: shown.page, pdf: shown.pdf, searchFinds: shown.searchFinds, inSitemap: shown.inSitemap }).toEqual({
      api: 200,
      page: 200,
      pdf: 200,
      searchFinds: 1,
      inSitemap: true,
    });
    // She is no supplier: never listed as one, confirmed or not.
    expect(shown).toMatchObject({ supplierApi: 404, supplierPage: 404, inSuppliers: false });
  });

  it("refuses to make a biodata reserved or hired before the email is confirmed, with a message on the status field", async () => {
    const supplier: SignedIn = await signUp(t);
    const send = (method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: { cookie: supplier.cookie }, payload });
    for (const status of ["reserved", "hired"]) {
      const refused = await send("POST", "/api/helpers", biodataBody({ status }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.fields.status).toMatch(/^Confirm your email before families can see this biodata/);
    }
    const draft = await send("POST", "/api/helpers", biodataBody({ status: "draft" }));
    expect(draft.statusCode).toBe(201);
    expect((await send("PATCH", `/api/helpers/${draft.json().id}`, { status: "hired" })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/helpers/${draft.json().id}` })).statusCode).toBe(404);

    await t.app.inject({ url: await confirmationLink(t, supplier.email) });
    expect((await send("PATCH", `/api/helpers/${draft.json().id}`, { status: "hired" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/helpers/${draft.json().id}` })).statusCode).toBe(200);
  });
});

describeDb("without mail, accounts are public at once", () => {
  const t = usePageApp();

  it("shows a new supplier's reserved biodata without any confirmation", async () => {
    const supplier = await signUp(t);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: biodataBody({ status: "reserved" }),
    });
    expect(saved.statusCode).toBe(201);
    expect((await t.app.inject({ url: `/posts/${saved.json().id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/suppliers/${supplier.id}` })).statusCode).toBe(200);
  });
});
