/**
 * Input no handler should ever see. A NUL character cannot be stored in PostgreSQL text and
 * means nothing in a name, a number or an address, so any query parameter, path part, form
 * field or JSON string holding one is refused with 400 naming the field, before a handler runs.
 * Page forms must arrive as a browser sends them (url-encoded or well-formed multipart): anything
 * else is refused with 415 or 400 instead of failing inside the page's action.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError, badRequest } from "./errors";

const NUL = "\u0000";

/** The first place in a value (keys included) that holds a NUL character, as a dotted path. */
export function fieldWithNul(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return value.includes(NUL) ? path || "value" : undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithNul(item, path);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === "object" && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return here.replaceAll(NUL, "");
      const found = fieldWithNul(item, here);
      if (found) return found;
    }
  }
  return undefined;
}

export function nulRefusal(field: string, where: string): HttpError {
  const name = field.replaceAll(NUL, "");
  return badRequest(`${where} “${name}” contains a NUL character (%00), which is never valid: remove it.`, {
    [name]: "Must not contain a NUL character",
  });
}

/** Path parts are named as the route names them; a page's path is the page's address. */
function paramRefusal(name: string): HttpError {
  if (name !== "*") return nulRefusal(name, "The address part");
  return badRequest("The page address contains a NUL character (%00), which is never valid: remove it.", {
    address: "Must not contain a NUL character",
  });
}

/** A raw JSON body (better-auth's routes read their own): the field with a NUL, if any. */
export function rawJsonFieldWithNul(request: FastifyRequest): string | undefined {
  if (!Buffer.isBuffer(request.body) || mediaType(request.headers["content-type"]) !== "application/json") return undefined;
  try {
    return fieldWithNul(JSON.parse(request.body.toString("utf8")));
  } catch {
    return undefined;
  }
}

/** Every route: query parameters, path parts and JSON bodies. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const query = fieldWithNul(request.query);
    if (query) throw nulRefusal(query, "The query parameter");
    const params = request.params as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(params ?? {})) {
      if (typeof value === "string" && value.includes(NUL)) throw paramRefusal(name);
    }
    if (request.body !== undefined && !Buffer.isBuffer(request.body)) {
      const field = fieldWithNul(request.body);
      if (field) throw nulRefusal(field, "The field");
    }
  });
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * A page form's body, checked as React Router will read it: the fields it parses to, none with a
 * NUL. `toRequest` builds the web Request the page will get, so the body is parsed the same way.
 */
export async function checkPageForm(request: FastifyRequest, toRequest: () => Request): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD") return;
  const body = request.body;
  const empty = !Buffer.isBuffer(body) || body.length === 0;
  const type = mediaType(request.headers["content-type"]);
  if (empty && type === "") {
    // A bodiless post (a button with no fields, from a script) is an empty form, as a browser's is.
    request.headers["content-type"] = "application/x-www-form-urlencoded";
    return;
  }
  if (!FORM_TYPES.includes(type)) {
    throw new HttpError(
      415,
      "unsupported_media_type",
      "Pages take forms only as a browser sends them (application/x-www-form-urlencoded or multipart/form-data).",
    );
  }
  let form: FormData;
  try {
    form = await toRequest().formData();
  } catch {
    throw badRequest("The form could not be read: its multipart body is broken. Send the form again.");
  }
  for (const [name, value] of form.entries()) {
    if (name.includes(NUL)) throw nulRefusal(name, "The field");
    if (typeof value === "string" && value.includes(NUL)) throw nulRefusal(name, "The field");
  }
}
