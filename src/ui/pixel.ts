/**
 * The Meta (Facebook) pixel's events. The loader script is on the page only when the site has a
 * pixel id; without it `window.fbq` does not exist and every call here does nothing.
 */
import { englishLabelOf } from "../shared/catalogue";

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

function track(event: string, params?: Record<string, string | number>): void {
  if (typeof window === "undefined" || typeof window.fbq !== "function") return;
  if (params) window.fbq("track", event, params);
  else window.fbq("track", event);
}

export function trackPageView(): void {
  track("PageView");
}

/** The gate of /filters was passed: the business's lead. */
export function trackLead(): void {
  track("Lead", { content_name: "Visitor Form", content_category: "Contact", value: 1 });
}

export interface ViewedHelper {
  id: string;
  name: string;
  nationality: string;
}

function trackViewContent(helper: ViewedHelper): void {
  track("ViewContent", {
    content_name: helper.name,
    content_category: englishLabelOf("nationality", helper.nationality),
    content_type: "maid_profile",
  });
}

// The biodata a card click has already counted, so its page does not count it again on load.
let openedFromCard: string | null = null;

interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * A card's link was clicked. A click that opens another tab or window is left to the biodata
 * page there, which counts itself when it loads.
 */
export function helperOpenedFromCard(helper: ViewedHelper, click?: ClickLike): void {
  if (click && (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)) {
    return;
  }
  openedFromCard = helper.id;
  trackViewContent(helper);
}

/** A biodata page was shown: counted unless the card click that led here was counted already. */
export function helperPageShown(helper: ViewedHelper): void {
  const counted = openedFromCard === helper.id;
  openedFromCard = null;
  if (!counted) trackViewContent(helper);
}

/** A helper was added to the visitor's shortlist: the pixel's wishlist event, keyed by reference. */
export function trackShortlisted(helper: { ref: string; name: string }): void {
  if (typeof window === "undefined" || typeof window.fbq !== "function") return;
  window.fbq("track", "AddToWishlist", { content_ids: [helper.ref], content_name: helper.name, content_type: "maid_profile" });
}
