import { createContext, useContext } from "react";

/**
 * The site's stylesheet travels inside each page's head instead of as a file: on a phone
 * network a linked stylesheet costs a connection and a round trip before anything can be drawn.
 * The server puts the text in (entry.server.tsx); in the browser the page already holds it.
 */
export const SITE_CSS_ID = "site-css";

export const SiteCssContext = createContext<string | null>(null);

let fromPage: string | undefined;

/** The stylesheet's text: the server's on the server, the page's own in the browser. */
export function useSiteCss(): string {
  const fromServer = useContext(SiteCssContext);
  if (fromServer !== null) return fromServer;
  // Rendering the same text as the page keeps hydration quiet, and a client render keeps the styles.
  fromPage ??= typeof document === "undefined" ? "" : (document.getElementById(SITE_CSS_ID)?.textContent ?? "");
  return fromPage;
}
