/**
 * The Meta (Facebook) pixel's events. The loader script is on the page only when the site has a
 * pixel id; without it `window.fbq` does not exist and every call here does nothing.
 */
import type * as PixelEventsModule from "./pixel-events";
import type { ViewedHelper } from "./pixel-events";

export type { ViewedHelper } from "./pixel-events";

export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";

type PixelCall = (command: string, ...args: unknown[]) => void;

declare global {
  interface Window {
    fbq?: PixelCall;
  }
}

/**
 * The loader: a stub `fbq` that queues calls until the pixel's script has loaded (the script
 * replays the queue), then the pixel is started with the first PageView. The id is digits only
 * (checked by the configuration) and written as a JSON string besides.
 */
export function pixelLoaderScript(pixelId: string): string {
  return `(function(w,d,src,id){if(w.fbq)return;var q=function(){q.callMethod?q.callMethod.apply(q,arguments):q.queue.push(arguments)};w.fbq=q;if(!w._fbq)w._fbq=q;q.push=q;q.loaded=true;q.version="2.0";q.queue=[];var s=d.createElement("script");s.async=true;s.src=src;d.head.appendChild(s);q("init",id);q("track","PageView")})(window,document,${JSON.stringify(PIXEL_SCRIPT_URL)},${JSON.stringify(pixelId)});`;
}

export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

type PixelEvents = typeof PixelEventsModule;
let events: Promise<PixelEvents> | undefined;

/**
 * Runs an event once its code is here, on a page with the pixel only. One promise for every call,
 * so the events keep their order (a card's click is counted before the page it opens).
 */
function withPixel(send: (pixel: PixelEvents) => void): void {
  if (typeof window === "undefined" || typeof window.fbq !== "function") return;
  events ??= import("./pixel-events");
  void events.then(send, () => {
    // Not downloaded (offline, say): this event is lost, the next one tries again.
    events = undefined;
  });
}

export function trackPageView(): void {
  withPixel((pixel) => pixel.trackPageView());
}

/** The gate of /filters was passed: the business's lead. */
export function trackLead(): void {
  withPixel((pixel) => pixel.trackLead());
}

/**
 * A card's link was clicked. A click that opens another tab or window is left to the biodata
 * page there, which counts itself when it loads.
 */
export function helperOpenedFromCard(helper: ViewedHelper, click?: ClickLike): void {
  if (click && (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)) {
    return;
  }
  withPixel((pixel) => pixel.helperOpenedFromCard(helper));
}

/** A biodata page was shown: counted unless the card click that led here was counted already. */
export function helperPageShown(helper: ViewedHelper): void {
  withPixel((pixel) => pixel.helperPageShown(helper));
}

/** A helper was added to the visitor's shortlist: the pixel's wishlist event, keyed by reference. */
export function trackShortlisted(helper: { ref: string; name: string }): void {
  withPixel((pixel) => pixel.trackShortlisted(helper));
}
