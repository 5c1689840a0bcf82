import { Suspense, use, useEffect } from "react";
import {
  data as withHeaders,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { RootErrorScreen } from "./ui/root-error-screen";
import { FlashMessage } from "./ui/flash-message";
import type { RootData } from "./ui/root-data";
import { MetaPixelScript, PixelPageViews } from "./ui/meta-pixel";
import { SiteFooter } from "./app/site-footer";
import { SiteNav } from "./app/site-nav";
// One stylesheet for the whole site, written into every page's head: its files are listed in
// lib/site-css.server.ts.
import { SITE_CSS_ID, useSiteCss } from "./app/site-css";
import { usePageLocales } from "./ui/root-data";
import { showPageLocales } from "./shared/i18n/page-locale";
import { HTML_LANG } from "./shared/i18n/locales";
import { m } from "./shared/i18n/compiled/messages.js";
import { LocaleLinks } from "./app/locale-links";
import { LanguageSuggestion } from "./app/language-switch";
import { usePageFonts } from "./app/page-fonts";
import { loadSupplierWords, supplierWordsReady } from "./app/supplier-words";
import { SiteWorker } from "./features/push/components/site-worker";

export const links = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (the push feature's manifest), with the home-screen icon iPhones read.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = context.viewer
    ? { id: context.viewer.id, name: context.viewer.name, role: context.viewer.role, locale: context.viewer.locale }
    : null;
  // A message left by the form that sent the person here is shown once, then forgotten.
  const flash = viewer ? await context.flash.read(request.headers.get("cookie"), new URL(request.url).pathname, viewer.id) : null;
  // `renderedAt` lets relative times render the same on the server and at hydration.
  const unreadMessages = viewer ? await context.services.conversations.unreadFor(viewer.id) : 0;
  // A family past the gate: such a page is personal, never kept for anyone else (pages.ts).
  const cookie = request.headers.get("cookie");
  const family = !viewer && (await context.visitorCookie.read(cookie)) ? await context.services.conversations.spaceOf(cookie) : null;
  const root: RootData = {
    viewer,
    config: context.config,
    nonce: context.nonce,
    renderedAt: new Date().toISOString(),
    flash,
    unreadMessages,
    family,
    familyDefault: context.familyDefault,
  };
  return flash ? withHeaders(root, { headers: { "Set-Cookie": await context.flash.clear() } }) : root;
}

/**
 * The site's default title and description, and the error screens': when a page fails, only
 * this route's meta is rendered, so every error page still has both.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const site = data?.config.siteName ?? "Direct Helpers";
  if (!error) {
    return [
      { title: site },
      { name: "description", content: "Foreign domestic helpers available for families in Singapore, straight from their suppliers." },
    ];
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound
    ? [
        { title: `Page not found — ${site}` },
        { name: "description", content: "This page does not exist, or the helper is no longer listed. Browse the helpers available now." },
      ]
    : [
        { title: `Something went wrong — ${site}` },
        { name: "description", content: "We could not show this page. Please try again in a moment." },
      ];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  const pixelId = data?.config.metaPixelId;
  const css = useSiteCss();
  const locales = usePageLocales();
  const fonts = usePageFonts(locales.locale);
  // The browser's message functions follow the page before anything below renders; a navigation
  // into Bahasa Indonesia, Filipino or Burmese waits for that language's words first.
  if (typeof document !== "undefined") {
    if (!supplierWordsReady(locales.locale)) use(loadSupplierWords(locales.locale));
    showPageLocales(locales);
  }
  // Scripts arrive after the first photos (lib/scripts-after-photos.server.ts): the page says when
  // it has become interactive, for whoever needs to know (the browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={HTML_LANG[locales.locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5f5a" />
        <Meta />
        <style id={SITE_CSS_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
        <Links nonce={nonce} />
        {/* The Chinese and Burmese fonts' faces, for the pages that may need them (app/page-fonts.ts).
            In the head: a navigation in the browser waits for them, as the first page does. */}
        {fonts.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="fonts" />
        ))}
        {data ? <LocaleLinks publicUrl={data.config.publicUrl} familyDefault={locales.familyDefault} /> : null}
        {pixelId ? <MetaPixelScript pixelId={pixelId} nonce={nonce} /> : null}
      </head>
      <body>
        {children}
        {pixelId ? <PixelPageViews /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Read here so that the frame (menu, footer) renders again when a navigation changes language.
  usePageLocales();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <div className="page">
      <SiteNav />
      <main id="main" className="page-body">
        <FlashMessage />
        <LanguageSuggestion />
        <Outlet />
      </main>
      {/* In the page's flow above the footer: the offer to add the site never covers what the page shows. */}
      <SiteWorker siteName={data?.config.siteName ?? "Direct Helpers"} />
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <div className="page">
      {data ? <SiteNav /> : null}
      <main id="main" className="page-body">
        {/* In the browser the screen's module loads when an error happens (ui/root-error-screen.browser.tsx). */}
        <Suspense fallback={null}>
          <RootErrorScreen words={{ notFoundText: m.ui_error_not_found_listed() }} />
        </Suspense>
      </main>
      {data ? <SiteFooter /> : null}
    </div>
  );
}
