import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { helperPageShown, pixelLoaderScript, trackPageView, type ViewedHelper } from "./pixel";

/**
 * The pixel's loader, in the document head; it counts the first page view itself. Rendered only
 * when the site has a pixel id, so without one the page carries no pixel code at all.
 */
export function MetaPixelScript({ pixelId, nonce }: { pixelId: string; nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: pixelLoaderScript(pixelId) }} />;
}

/**
 * A PageView for every client-side navigation to another address. The first page was counted
 * by the loader, and a form posted back to the same address is not a new page.
 */
export function PixelPageViews() {
  const location = useLocation();
  const address = location.pathname + location.search;
  const counted = useRef(address);
  useEffect(() => {
    if (counted.current === address) return;
    counted.current = address;
    trackPageView();
  }, [address]);
  return null;
}

/** ViewContent for a biodata page once it is shown (unless the card that opened it counted it). */
export function useBiodataViewed(helper: ViewedHelper): void {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === helper.id) return;
    counted.current = helper.id;
    helperPageShown(helper);
  }, [helper]);
}
