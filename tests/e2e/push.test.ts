/**
 * The installable site in Chromium: the manifest is served and valid, the service worker
 * registers for the whole site, a push delivered to it (through the browser's developer protocol,
 * as a push service would) shows its notice, pressing the notice leads to its page, the family's
 * space is kept for offline reading in the personal cache until a page says to forget it, and the
 * space shows its Notices section on a phone.
 */
import { describe, expect, it, vi } from "vitest";
import { signUp } from "../support/auth";
import { browserMissing } from "../support/browser";
import { expectConsoleErrors, newContext, siteInBrowser } from "../support/e2e";
import { createHelper } from "../support/factories";
import { formBody, formHeaders } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

/** Polls `read` until `done` says so (no sleeping: the worker answers when it answers). */
function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeout = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`${what}: still ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 50 },
  );
}

describe.skipIf(browserMissing)("the site on a phone's home screen, with notices", () => {
  const running = siteInBrowser({ seed: false });

  it("is installable, shows a pushed notice, opens its page when pressed, and keeps the family's space offline until told to forget", async () => {
    const { site, browser } = running;
    const supplier = await signUp(site, { name: "Push Agency" });
    const helper = await createHelper(site, supplier.id, { name: "Phone Phoebe" });
    const visitor = await returningVisitorCookie(site, "Fiona Family");
    const posted = await site.app.inject({
      method: "POST",
      url: `/posts/${helper.id}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "Is Phoebe free in March?", email: "" }),
    });
    const conversation = String(posted.headers.location).split("/").pop()!;
    const key = String(posted.headers["set-cookie"]).split(";")[0]!;

    const context = await newContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await context.addCookies(
      [visitor, key].map((pair) => ({ name: pair.split("=")[0]!, value: pair.slice(pair.indexOf("=") + 1), url: site.url })),
    );
    await context.grantPermissions(["notifications"], { origin: site.url });
    const page = await context.newPage();
    await page.goto(`${site.url}/messages`);
    await page.getByRole("heading", { name: "Notices" }).waitFor();
    await page.getByRole("button", { name: "Turn on notices in this browser" }).waitFor();

    // The manifest, as Chromium reads it from the page's head.
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${site.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const read = JSON.parse(manifest.data!) as { display: string; start_url: string; icons: { src: string; sizes: string }[] };
    expect(read).toMatchObject({ display: "standalone", start_url: "/", theme_color: "#0f5f5a" });
    for (const icon of read.icons) {
      const answer = await page.request.get(`${site.url}${icon.src}`);
      expect(answer.headers()["content-type"]).toBe("image/png");
      const png = await answer.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }

    // The worker, for the whole site.
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(registered).toEqual({ scope: `${site.url}/`, script: `${site.url}/sw.js` });

    // A push, delivered to the worker as a push service would.
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: typeof registrations }) =>
      registrations.push(...event.registrations),
    );
    await cdp.send("ServiceWorker.enable");
    const mine = await until(
      async () => registrations.find((each) => each.scopeURL === `${site.url}/` && !each.isDeleted),
      Boolean,
      "the worker's registration",
    );
    const notice = {
      title: "Push Agency answered about Phone Phoebe",
      body: "1 new message.",
      url: `/messages/${conversation}`,
      tag: `conversation-${conversation}`,
    };
    const deliver = () =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: site.url,
        registrationId: mine!.registrationId,
        data: JSON.stringify(notice),
      });
    await deliver();
    // A push service delivers again until the worker takes the push; the notice's tag makes a
    // second one replace the first. On a busy machine the worker may start late.
    let deliveredAt = Date.now();
    const shown = await until(
      async () => {
        const list = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((each) => ({
            title: each.title,
            body: each.body,
            tag: each.tag,
            data: each.data as unknown,
          })),
        );
        if (list.length === 0 && Date.now() - deliveredAt > 3_000) {
          deliveredAt = Date.now();
          await deliver();
        }
        return list;
      },
      (list) => list.length > 0,
      "the notice",
      30_000,
    );
    expect(shown).toEqual([{ title: notice.title, body: notice.body, tag: notice.tag, data: { url: notice.url } }]);

    // Pressed: no browser API presses a notice, so the worker is asked where its press leads.
    const worker = context.serviceWorkers().find((each) => each.url() === `${site.url}/sw.js`)!;
    const pressed = () =>
      worker.evaluate(async () => {
        const [shownNotice] = await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications();
        // @ts-expect-error -- the worker's own function (public/sw.js), in its global scope
        const target = (await noticeTarget(shownNotice)) as { url: string; tab?: { url: string } };
        return { url: target.url, tab: target.tab?.url ?? null };
      });
    expect(await pressed()).toEqual({ url: `${site.url}/messages/${conversation}`, tab: null });
    const other = await context.newPage();
    await other.goto(`${site.url}/messages/${conversation}`);
    expect(await pressed()).toEqual({ url: `${site.url}/messages/${conversation}`, tab: `${site.url}/messages/${conversation}` });
    await other.close();

    // Kept for offline reading: the space (the visitor's own) in the personal cache, and nothing else.
    await page.reload();
    const kept = () =>
      page.evaluate(async () =>
        Object.fromEntries(
          await Promise.all(
            (await caches.keys()).map(async (name) => [
              name,
              (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
            ]),
          ),
        ),
      );
    expect(await until(kept, (caches) => (caches["personal-v1"] ?? []).length > 0, "the kept space")).toEqual({
      "pages-v1": [],
      "personal-v1": ["/messages"],
    });
    expectConsoleErrors(
      context,
      /ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/,
      "the kept page, read offline, cannot reach the site for its next routes and its stream",
    );
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { name: "Notices" }).waitFor();
    await context.setOffline(false);
    // Told to forget (as after a withdrawal): the copies go.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active!.postMessage({ type: "forget" }));
    await until(kept, (caches) => Object.keys(caches).length === 0, "the emptied caches");

    await page.goto(`${site.url}/messages`);
    await page.getByRole("button", { name: "Turn on notices in this browser" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.SCREENS_DIR) await page.screenshot({ path: `${process.env.SCREENS_DIR}/phone-family-notices.png`, fullPage: true });
    await context.close();
  });
});
