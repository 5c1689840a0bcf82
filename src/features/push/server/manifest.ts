/**
 * The web app manifest: what a browser needs to offer the site for the home screen and open it
 * as an app of its own (standalone), starting at the home page, in the site's colour.
 */

/** The site's colour (root.tsx's theme-color and the icons' ground). */
export const THEME_COLOUR = "#0f5f5a";

export const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

export function siteManifest(siteName: string) {
  return {
    id: "/",
    name: siteName,
    // Under the icon on a home screen: the name as it is when short enough.
    short_name: siteName.length <= 12 ? siteName : siteName.split(/\s+/)[0]!.slice(0, 12),
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOUR,
    icons: ICONS,
  };
}
