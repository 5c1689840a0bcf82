import { beforeAll, expect, it } from "vitest";
import { cookieHeader, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("the confirmation after a supplier's action", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  let helperId: string;
  let ref: string;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Flash Agency" });
    const helper = await createHelper(t, supplier.id, { name: "Flash Fatima", status: "available" });
    helperId = helper.id;
    ref = helper.ref;
  });

  /** Deletes a helper through the page's form and returns the flash cookie it leaves. */
  async function deleteThroughPage(id: string): Promise<{ location: string; flash: string }> {
    const response = await t.app.inject({
      method: "POST",
      url: `/posts/${id}/delete`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({}),
    });
    expect(response.statusCode).toBe(302);
    const flash = cookieHeader(response.headers["set-cookie"]);
    expect(flash).toMatch(/^flash=/);
    return { location: String(response.headers.location), flash };
  }

  it("is carried by a signed cookie to the page the form leads to, shown once, and cleared", async () => {
    const { location, flash } = await deleteThroughPage(helperId);
    expect(location).toBe("/dashboard");
    const page = await t.app.inject({ method: "GET", url: location, headers: { cookie: `${supplier.cookie}; ${flash}` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Deleted the biodata of Flash Fatima (${ref}).`);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(String(page.headers["set-cookie"])).toMatch(/^flash=; .*Max-Age=0/);

    // Another page does not take it: the message waits for the page it was meant for.
    const other = await t.app.inject({ method: "GET", url: "/authors", headers: { cookie: `${supplier.cookie}; ${flash}` } });
    expect(other.body).not.toContain("Deleted the biodata");
    expect(other.headers["set-cookie"]).toBeUndefined();
  });

  it("does not show the message in another account's page, even with its cookie", async () => {
    const { flash } = await deleteThroughPage((await createHelper(t, supplier.id, { name: "Borrowed Bea" })).id);
    const rival = await signUp(t, { name: "Rival Agency" });
    const elsewhere = await t.app.inject({ method: "GET", url: "/dashboard", headers: { cookie: `${rival.cookie}; ${flash}` } });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).not.toContain("Deleted the biodata of Borrowed Bea");
  });

  it("shows the message once: the same cookie sent again shows nothing", async () => {
    const { flash } = await deleteThroughPage((await createHelper(t, supplier.id, { name: "Replayed Rosa" })).id);
    const show = () => t.app.inject({ method: "GET", url: "/dashboard", headers: { cookie: `${supplier.cookie}; ${flash}` } });
    expect((await show()).body).toContain("Deleted the biodata of Replayed Rosa");
    const replayed = await show();
    expect(replayed.statusCode).toBe(200);
    expect(replayed.body).not.toContain("Deleted the biodata of Replayed Rosa");
  });

  it("says nothing when the cookie is forged, or when nobody is signed in, and the public page stays shareable", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Shared Siti", status: "available" });
    const { flash } = await deleteThroughPage((await createHelper(t, supplier.id, { name: "Other Olga" })).id);
    const forged = flash.replace(
      /^flash=[^.]*/,
      `flash=${Buffer.from(JSON.stringify({ id: "x", text: "Hacked", path: "/dashboard" })).toString("base64")}`,
    );
    const page = await t.app.inject({ method: "GET", url: "/dashboard", headers: { cookie: `${supplier.cookie}; ${forged}` } });
    expect(page.body).not.toContain("Hacked");

    // A stray cookie without a session neither shows a message nor keeps the page from the cache.
    const visitor = await t.app.inject({ method: "GET", url: `/posts/${helper.id}`, headers: { cookie: flash } });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain("Deleted the biodata");
    expect(visitor.body).not.toContain("flash-message");
    expect(visitor.headers["cache-control"]).toMatch(/^public/);
  });
});
