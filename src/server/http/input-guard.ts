/**
 * Input no handler should ever see. A NUL character cannot be stored in PostgreSQL text and
 * means nothing in a name, a number or an address, so any query parameter, path part, form
 * field or JSON string holding one is refused with 400 naming the field, before a handler runs.
 * JSON nested deeper than any request of the site's is refused with 400 before it is parsed.
 * Page forms must arrive as a browser sends them (url-encoded or well-formed multipart, within
 * the bounds of form-limits.ts): anything else is refused with 415, 413 or 400 instead of
 * failing inside the page's action.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { m } from "../../shared/i18n/compiled/messages.js";
import { localeOfPage, type FamilyLocale } from "../../shared/i18n/locales";
import { apiLocaleOf, isApiRequest } from "../i18n/api-locale";
import { withLocale } from "../i18n/request-locale";
import { HttpError, badRequest } from "./errors";
import { checkFormFields, checkFormSize } from "./form-limits";
import { pagePath } from "./page-cache";

const NUL = "\u0000";

/**
 * The first place in a value (keys included) that holds a NUL character, as a dotted path.
 * Walked with a list of its own rather than by recursion, so no nesting runs out the stack.
 */
export function fieldWithNul(value: unknown, path = ""): string | undefined {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [item, at] = pending.pop()!;
    if (typeof item === "string") {
      if (item.includes(NUL)) return at || "value";
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], at]);
    } else if (typeof item === "object" && item !== null && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (const [key] of entries) if (key.includes(NUL)) return (at ? `${at}.${key}` : key).replaceAll(NUL, "");
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i]![1], at ? `${at}.${entries[i]![0]}` : entries[i]![0]]);
    }
  }
  return undefined;
}

/**
 * Nesting no request of the site's comes near: a biodata is three levels deep
 * (`skills.cooking.years`, `employment[0].from`). Deeper JSON is refused before it is parsed,
 * so nothing after (a schema, a walk of its fields) meets thousands of levels.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text opens more than `max` arrays and objects inside each other (strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

// The refusals' words are read when they are made, in the request's language (decision 123).
const tooDeep = () => badRequest(m.server_error_json_too_deep({ max: MAX_JSON_DEPTH }));

/** Where a NUL was found: each place has its own sentence, so translations need not join words. */
const NUL_WHERE = {
  field: m.server_error_nul_field,
  query: m.server_error_nul_query,
  param: m.server_error_nul_param,
} as const;

export function nulRefusal(field: string, where: keyof typeof NUL_WHERE): HttpError {
  const name = field.replaceAll(NUL, "");
  return badRequest(NUL_WHERE[where]({ name }), { [name]: m.server_error_nul_at_field() });
}

/** Path parts are named as the route names them; a page's path is the page's address. */
function paramRefusal(name: string): HttpError {
  if (name !== "*") return nulRefusal(name, "param");
  return badRequest(m.server_error_nul_address(), { address: m.server_error_nul_at_field() });
}

/**
 * The language a refusal made before a page's rendering is said in: an API call's from its
 * Accept-Language (decision 120), a page's as the page would be (its address, else the
 * signed-in supplier's choice).
 */
function inRequestLocale<T>(request: FastifyRequest, familyDefault: FamilyLocale, work: () => T): T {
  const locale = isApiRequest(request) ? apiLocaleOf(request) : localeOfPage(pagePath(request.url), request.viewer?.locale, familyDefault);
  return withLocale({ locale, familyDefault }, work);
}

/** A raw JSON body (better-auth's routes read their own): why it is refused, if it is. */
export function rawJsonRefusal(request: FastifyRequest): HttpError | undefined {
  if (!Buffer.isBuffer(request.body) || mediaType(request.headers["content-type"]) !== "application/json") return undefined;
  const text = request.body.toString("utf8");
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) return tooDeep();
  try {
    const field = fieldWithNul(JSON.parse(text));
    return field ? nulRefusal(field, "field") : undefined;
  } catch {
    return undefined;
  }
}

/** JSON bodies as Fastify parses them (the same poisoning checks), with the depth bounded first. */
function boundJsonDepth(app: FastifyInstance, familyDefault: () => FamilyLocale): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) return done(inRequestLocale(request, familyDefault(), tooDeep), undefined);
    return parse(request, text, done);
  });
}

/** Every route: query parameters, path parts and JSON bodies. */
export function registerInputGuard(app: FastifyInstance, familyDefault: () => FamilyLocale = () => "en"): void {
  boundJsonDepth(app, familyDefault);
  app.addHook("preValidation", (request, _reply, done) => done(inRequestLocale(request, familyDefault(), () => inputRefusal(request))));
}

/**
 * The query and the path come from the address, where a NUL can only be written %00 (Node's
 * parser refuses a bare one): an address without it needs no walk of its parts.
 */
function addressMayHoldNul(url: string): boolean {
  return url.includes("%00") || url.includes(NUL);
}

function inputRefusal(request: FastifyRequest): HttpError | undefined {
  if (addressMayHoldNul(request.url)) {
    const query = fieldWithNul(request.query);
    if (query) return nulRefusal(query, "query");
    const params = request.params as Record<string, unknown> | undefined;
    for (const name in params) {
      const value = params[name];
      if (typeof value === "string" && value.includes(NUL)) return paramRefusal(name);
    }
  }
  if (request.body !== undefined && !Buffer.isBuffer(request.body)) {
    const field = fieldWithNul(request.body);
    if (field) return nulRefusal(field, "field");
  }
  return undefined;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * A page form's body, checked as React Router will read it: the fields it parses to, within the
 * form bounds and none with a NUL. `toRequest` builds the web Request the page will get, so the
 * body is parsed the same way. A page's query parameters are a form too (the filters are sent
 * by GET and read by Conform), so they get the same bounds.
 */
export function checkPageForm(request: FastifyRequest, toRequest: () => Request, familyDefault: FamilyLocale = "en"): Promise<void> {
  return inRequestLocale(request, familyDefault, () => checkForm(request, toRequest));
}

async function checkForm(request: FastifyRequest, toRequest: () => Request): Promise<void> {
  const query = request.url.indexOf("?");
  if (query !== -1) checkFormFields(new URLSearchParams(request.url.slice(query + 1)));
  if (request.method === "GET" || request.method === "HEAD") return;
  const body = request.body;
  const empty = !Buffer.isBuffer(body) || body.length === 0;
  const contentType = request.headers["content-type"] ?? "";
  const type = mediaType(contentType);
  if (empty && type === "") {
    // A bodiless post (a button with no fields, from a script) is an empty form, as a browser's is.
    request.headers["content-type"] = "application/x-www-form-urlencoded";
    return;
  }
  if (!FORM_TYPES.includes(type)) {
    throw new HttpError(415, "unsupported_media_type", m.server_error_form_media_type());
  }
  if (!empty) checkFormSize(body as Buffer, type, contentType);
  let form: FormData;
  try {
    form = await toRequest().formData();
  } catch {
    throw badRequest(m.server_error_form_broken());
  }
  checkFormFields(form.entries());
  for (const [name, value] of form.entries()) {
    if (name.includes(NUL)) throw nulRefusal(name, "field");
    if (typeof value === "string" && value.includes(NUL)) throw nulRefusal(name, "field");
  }
}
