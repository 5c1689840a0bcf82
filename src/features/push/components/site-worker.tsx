import { useEffect, useState } from "react";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { siteWorker } from "./push-browser";

/** Chromium's install offer, which the page holds until the person asks (not in the DOM's own types). */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const VISITS = "dh-visits";
const COUNTED = "dh-visit-counted";
const DISMISSED = "dh-install-dismissed";

/** Visits of this browser, one a browsing session, counted once per session. */
function countVisit(): number {
  try {
    const visits = Number(localStorage.getItem(VISITS)) || 0;
    if (sessionStorage.getItem(COUNTED)) return visits;
    sessionStorage.setItem(COUNTED, "1");
    localStorage.setItem(VISITS, String(visits + 1));
    return visits + 1;
  } catch {
    // Storage refused (a private window's quota): no offer rather than one every visit.
    return 0;
  }
}

/**
 * The site's service worker, registered on every page once it has loaded (notices and the kept
 * copies of the shortlist and the family's space need it), and the offer to add the site to
 * the device: from the second visit on, in a small bar that can be dismissed for good and never
 * covers the page's own controls.
 */
export function SiteWorker({ siteName }: { siteName: string }) {
  const [offer, setOffer] = useState<InstallPrompt | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => void siteWorker().catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    const visits = countVisit();
    const offered = (event: Event) => {
      // Held back: the browser's own banner would interrupt; the bar asks when the person wants.
      event.preventDefault();
      if (visits >= 2 && !localStorage.getItem(DISMISSED)) setOffer(event as InstallPrompt);
    };
    const installed = () => setOffer(null);
    window.addEventListener("beforeinstallprompt", offered);
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener("load", register);
      window.removeEventListener("beforeinstallprompt", offered);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);
  if (!offer) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED, new Date().toISOString());
    setOffer(null);
  };
  return (
    <aside className="install-offer" aria-label={m.push_install_offer({ site: siteName })}>
      <span>{m.push_install_offer({ site: siteName })}</span>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          void offer.prompt().then(() => offer.userChoice.then(() => setOffer(null)));
        }}
      >
        {m.push_install_button()}
      </button>
      <button type="button" className="button" onClick={dismiss}>
        {m.push_install_dismiss()}
      </button>
    </aside>
  );
}
