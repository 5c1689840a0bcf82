/**
 * The API's language (decision 120): a JSON answer's messages follow the caller's
 * Accept-Language (Chinese, Bahasa Indonesia, Filipino or Burmese when asked for, else English);
 * field names and codes never change. API answers are not kept by the page cache, and an error
 * answer a shared cache may keep says `Vary: Accept-Language`.
 *
 * The request's validation, handler and error answer run inside the locale's store, so the
 * catalogue's messages (zod's, the services') are read in the caller's language.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { m } from "../../shared/i18n/compiled/messages.js";
import { pageLocale } from "../../shared/i18n/page-locale";
import type { FamilyLocale, Locale } from "../../shared/i18n/locales";
import { withLocale } from "./request-locale";

/** Language tags callers send, by their primary subtag, and the locale each is answered in. */
const TAGS: Record<string, Locale> = { en: "en", zh: "zh", id: "id", in: "id", fil: "fil", tl: "fil", my: "my" };

/**
 * The locale an Accept-Language header asks for: the first of its languages by preference that
 * the site speaks (`zh-SG,zh;q=0.9,en;q=0.8` -> zh), else English.
 */
export function localeOfAcceptLanguage(header: string | string[] | undefined): Locale {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  const ranked = text
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && entry.primary !== "")
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    const locale = TAGS[primary];
    if (locale) return locale;
  }
  return "en";
}

const API = /^\/api(\/|\?|$)/;

/** The locale an API request is answered in. */
export function apiLocaleOf(request: Pick<FastifyRequest, "url" | "headers">): Locale {
  return localeOfAcceptLanguage(request.headers["accept-language"]);
}

export function isApiRequest(request: Pick<FastifyRequest, "url">): boolean {
  return API.test(request.url);
}

/**
 * Runs every API request from its validation on in its caller's locale. A callback hook: the
 * rest of the request (validation, handler, error answer) continues inside `withLocale`.
 */
export function registerApiLocale(app: FastifyInstance, familyDefault: () => FamilyLocale): void {
  app.addHook("preValidation", (request, _reply, done) => {
    if (!isApiRequest(request)) return done();
    withLocale({ locale: apiLocaleOf(request), familyDefault: familyDefault() }, done);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (isApiRequest(request) && reply.statusCode >= 400) {
      const current = reply.getHeader("vary");
      const list = typeof current === "string" && current !== "" ? current.split(",").map((v) => v.trim()) : [];
      if (!list.some((v) => v.toLowerCase() === "accept-language" || v === "*"))
        reply.header("vary", [...list, "Accept-Language"].join(", "));
    }
    done(null, payload);
  });
}

/**
 * zod's own words for a value a schema gives no message of its own: English as zod writes them,
 * or the catalogue's in the other locales (zod has no Filipino or Burmese, and its words would
 * not be the site's).
 */
z.config({
  customError: (issue) => {
    if (pageLocale() === "en") return undefined;
    if (issue.code === "too_big") return m.shared_error_too_big();
    if (issue.code === "too_small") return m.shared_error_too_small();
    if (issue.code === "unrecognized_keys") return m.shared_error_unknown_field();
    return m.shared_error_invalid();
  },
});
