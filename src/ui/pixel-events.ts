/**
 * The pixel's events (decision 122): loaded by src/ui/pixel.ts only on a page whose loader has
 * defined `window.fbq`, so a site without a pixel never downloads this code.
 */
import { englishLabelOf } from "../shared/catalogue";

export interface ViewedHelper {
  id: string;
  name: string;
  nationality: string;
}

function track(event: string, params?: Record<string, string | number | string[]>): void {
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

function trackViewContent(helper: ViewedHelper): void {
  track("ViewContent", {
    content_name: helper.name,
    content_category: englishLabelOf("nationality", helper.nationality),
    content_type: "maid_profile",
  });
}

// The biodata a card click has already counted, so its page does not count it again on load.
let openedFromCard: string | null = null;

/** A card's link was clicked (a plain click: pixel.ts leaves the others to the page they open). */
export function helperOpenedFromCard(helper: ViewedHelper): void {
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
  track("AddToWishlist", { content_ids: [helper.ref], content_name: helper.name, content_type: "maid_profile" });
}
