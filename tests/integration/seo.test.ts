import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { usePageApp } from "../support/pages";

describeDb("search engines find the public pages (sitemap.xml, robots.txt)", () => {
  const t = usePageApp({ env: { PUBLIC_URL: "https://helpers.example.com" } });

  it("the sitemap lists available helpers with their last change, and no draft, reserved or hired ones", async () => {
    const supplier = await createSupplier(t.db);
    const available = await createHelper(t, supplier.id, { name: "Listed", status: "available" });
    const draft = await createHelper(t, supplier.id, { name: "Draft", status: "draft" });
    const hired = await createHelper(t, supplier.id, { name: "Hired", status: "hired" });
    const reserved = await createHelper(t, supplier.id, { name: "Reserved", status: "reserved" });

    const response = await t.app.inject({ url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      `<url><loc>https://helpers.example.com/posts/${available.id}</loc><lastmod>${available.updatedAt.toISOString()}</lastmod></url>`,
    );
    for (const hidden of [draft, hired, reserved]) expect(xml).not.toContain(hidden.id);

    for (const page of ["/", "/posts", "/filters", "/authors", "/privacy-policy", "/posts/categories/philippines"]) {
      expect(xml).toContain(`<loc>https://helpers.example.com${page}</loc>`);
    }
    // The supplier's own listing, since it now holds an available helper.
    expect(xml).toContain(`<loc>https://helpers.example.com/posts/users/${supplier.id}</loc>`);
  });

  it("lists a helper as soon as she is published, and drops her as soon as she is hired, though the sitemap was read before", async () => {
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Published later", status: "draft" });
    const sitemap = async () => (await t.app.inject({ url: "/sitemap.xml" })).body;
    expect(await sitemap()).not.toContain(helper.id);
    // Changed as any writer changes it: the table's trigger announces it, and the seo feature listens.
    const change = async (status: string) => {
      await t.db.update(helpers).set({ status, updatedAt: new Date() }).where(eq(helpers.id, helper.id));
      await t.app.services.announced();
      await vi.waitFor(() => expect(t.app.services.listingChangesPending()).toBe(false));
    };
    await change("available");
    expect(await sitemap()).toContain(`<loc>https://helpers.example.com/posts/${helper.id}</loc>`);
    await change("hired");
    expect(await sitemap()).not.toContain(helper.id);
  });

  it("robots.txt keeps crawlers out of the API and private screens and points at the sitemap", async () => {
    const response = await t.app.inject({ url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/api/", "/admin/", "/dashboard", "/create", "/profile/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /posts");
    expect(lines).toContain("Sitemap: https://helpers.example.com/sitemap.xml");
  });
});
