/**
 * A signed-out visitor's language on the supplier's signed-out pages (decision 123): chosen with
 * a `?lang=` link (no script needed) and remembered in a cookie for the next pages, never taken
 * from Accept-Language. The cookie is readable by the page's script, which works out the same
 * language when it takes over the page.
 */
import type { FastifyRequest } from "fastify";
import {
  chosenLocaleIn,
  isSignedOutPage,
  isSupplierLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type SupplierLocale,
} from "../../shared/i18n/locales";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface VisitorLocale {
  /** The language chosen, if any. */
  locale: SupplierLocale | undefined;
  /** A Set-Cookie value to remember a choice made by this request's `?lang=`. */
  remember: string | undefined;
}

export function visitorLocaleOf(request: Pick<FastifyRequest, "url" | "headers">, pathname: string, secure: boolean): VisitorLocale {
  if (!isSignedOutPage(pathname)) return { locale: undefined, remember: undefined };
  const mark = request.url.indexOf("?");
  const asked = mark === -1 ? null : new URLSearchParams(request.url.slice(mark + 1)).get(LANGUAGE_PARAM);
  const kept = chosenLocaleIn(request.headers.cookie);
  if (!isSupplierLocale(asked)) return { locale: kept, remember: undefined };
  const remember =
    asked === kept ? undefined : `${LANGUAGE_COOKIE}=${asked}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
  return { locale: asked, remember };
}
