/**
 * The browser's half of web push: whether this browser can show notices, and turning them on
 * (the permission is asked only here, when the person presses the button) and off, for one owner
 * (`api`: the family's or the account's route). The site's service worker (/sw.js) shows them.
 */

export type PushSupport = "yes" | "ios-install" | "no";

/** Where this browser remembers which owner's notices it turned on (the subscription is one per browser). */
const turnedOnFor = (api: string) => `dh-push:${api}`;

export function pushSupport(): PushSupport {
  if ("serviceWorker" in navigator && "PushManager" in window && "Notification" in window) return "yes";
  // Safari on iPhones and iPads has push only for a site opened from the home screen.
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  return ios ? "ios-install" : "no";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const mine = keyBytes(publicKey);
  const theirs = new Uint8Array(key);
  return theirs.length === mine.length && theirs.every((byte, i) => byte === mine[i]);
}

export function siteWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
}

async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Whether notices are on in this browser for the owner of `api`. */
export async function pushIsOn(api: string): Promise<boolean> {
  if (Notification.permission !== "granted") return false;
  const subscription = await browserSubscription();
  return Boolean(subscription && localStorage.getItem(turnedOnFor(api)) === subscription.endpoint);
}

function send(api: string, method: "POST" | "DELETE", body: unknown): Promise<Response> {
  return fetch(api, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** Asks the permission, subscribes this browser and tells the site: "on", or why not. */
export async function turnPushOn(api: string, publicKey: string): Promise<"on" | "denied" | "failed"> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    const registration = await siteWorker();
    const subscribe = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    let subscription = await registration.pushManager.getSubscription();
    // Made with another key (the site's pair changed): no notice would reach it.
    if (subscription && !sameKey(subscription, publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await subscribe();
    let answer = await send(api, "POST", subscription.toJSON());
    if (answer.status === 409) {
      // Someone else's on this site (another family, an account): this owner gets a new one.
      await subscription.unsubscribe();
      subscription = await subscribe();
      answer = await send(api, "POST", subscription.toJSON());
    }
    if (!answer.ok) return "failed";
    localStorage.setItem(turnedOnFor(api), subscription.endpoint);
    return "on";
  } catch {
    return "failed";
  }
}

/** Tells the site to forget this browser for the owner, and the browser to drop its subscription. */
export async function turnPushOff(api: string): Promise<void> {
  const subscription = await browserSubscription();
  localStorage.removeItem(turnedOnFor(api));
  if (!subscription) return;
  await send(api, "DELETE", { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe();
}

/**
 * After a withdrawal of consent: the worker empties its kept pages at once (the answer's
 * Clear-Site-Data does the same in browsers that honour it).
 */
export function forgetKeptPages(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: "forget" });
  void navigator.serviceWorker.getRegistration("/").then((registration) => registration?.active?.postMessage({ type: "forget" }));
}
