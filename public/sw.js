/**
 * The site's service worker, served from the site's root so it acts for every page
 * (docs/decisions/193-push-and-the-installable-site.md):
 *
 * - shows the notices push messages bring ({ title, body, url, tag }) and, when one is pressed,
 *   brings forward a tab of the site at its page, or opens one;
 * - keeps the last copy of the shortlist and of the family's space to read offline, following
 *   the site's Cache-Control: an answer marked `no-store` is never kept; a `private` one (the
 *   visitor's own) only in the personal cache; a `public` one in the pages cache;
 * - empties both caches when a page tells it to ({ type: "forget" }: after a withdrawal of
 *   consent), as the withdrawal's own answer does through Clear-Site-Data.
 *
 * Plain JavaScript served as it is: no build step stands between the site and its worker.
 */

const PAGES = "pages-v1";
const PERSONAL = "personal-v1";
/** The only pages kept for offline reading (every other request goes to the network untouched). */
const KEPT = new Set(["/shortlist", "/zh/shortlist", "/messages", "/zh/messages"]);

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Caches of an earlier version of this worker go.
      for (const name of await caches.keys()) if (name !== PAGES && name !== PERSONAL) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

function forget() {
  return Promise.all([caches.delete(PAGES), caches.delete(PERSONAL)]);
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "forget") event.waitUntil(forget());
});

/** Where an answer may be kept, from its own Cache-Control: none, the personal cache or the pages'. */
function cacheFor(response) {
  if (!response.ok || response.type !== "basic" || response.redirected) return null;
  const control = (response.headers.get("cache-control") || "").toLowerCase();
  if (control.includes("no-store")) return null;
  return control.includes("private") ? PERSONAL : control.includes("public") ? PAGES : null;
}

async function keep(path, response) {
  const name = cacheFor(response);
  if (!name) {
    // Answered no-store now (signed in, say): an older copy must not be shown in its place.
    await Promise.all([PAGES, PERSONAL].map(async (each) => (await caches.open(each)).delete(path)));
    return;
  }
  const other = name === PAGES ? PERSONAL : PAGES;
  await (await caches.open(other)).delete(path);
  await (await caches.open(name)).put(path, response);
}

async function keptCopy(path) {
  return (await (await caches.open(PERSONAL)).match(path)) || (await (await caches.open(PAGES)).match(path));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !KEPT.has(url.pathname)) return;
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(request);
        event.waitUntil(keep(url.pathname, response.clone()).catch(() => undefined));
        return response;
      } catch (error) {
        // Offline: the last copy this browser was given, if it may keep one.
        const kept = await keptCopy(url.pathname);
        if (kept) return kept;
        throw error;
      }
    })(),
  );
});

self.addEventListener("push", (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof notice.title === "string" && notice.title ? notice.title : self.location.hostname;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === "string" ? notice.body : "",
      icon: "/icons/icon-192.png",
      tag: typeof notice.tag === "string" ? notice.tag : undefined,
      renotify: typeof notice.tag === "string",
      data: { url: typeof notice.url === "string" ? notice.url : "/" },
    }),
  );
});

/**
 * Where a pressed notice leads: a tab of the site already at its page (to bring forward), else
 * its page to open. A notice opens the site's own pages only, never another site's.
 */
async function noticeTarget(notification) {
  let url = new URL("/", self.location.origin);
  try {
    const asked = new URL((notification.data && notification.data.url) || "/", self.location.origin);
    if (asked.origin === self.location.origin) url = asked;
  } catch {
    // A malformed address: the home page.
  }
  const tabs = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = tabs.find((each) => each.url === url.href);
  return tab ? { tab, url: url.href } : { url: url.href };
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(noticeTarget(event.notification).then((target) => (target.tab ? target.tab.focus() : clients.openWindow(target.url))));
});
