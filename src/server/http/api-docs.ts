/**
 * The API's description, made from the routes' own zod schemas (@fastify/swagger with
 * fastify-type-provider-zod's transform; docs/decisions/091): GET /api/docs/json is the OpenAPI
 * document, GET /api/docs the same document as a page. Only the words are written by hand, in
 * the routes; a route the document leaves out or describes badly fails tests/integration/api-docs.test.ts.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import swagger, { type SwaggerTransform } from "@fastify/swagger";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { renderApiDocsPage } from "./api-docs-page";
import { pickEncoding } from "./page-cache";
import { errorSchema, refusals } from "./schemas";

const API_DOCS_PATH = "/api/docs";

/** What the document covers besides /api/*: the biodata PDF, which integrations link to. */
const DOCUMENTED_OUTSIDE_API = new Set(["/posts/:id/biodata.pdf"]);

/** better-auth's own wildcard: its endpoints are listed one by one instead (auth-docs.ts). */
const LISTED_APART = new Set(["/api/auth/*"]);

function isDocumentedUrl(url: string): boolean {
  return (url.startsWith("/api/") && !LISTED_APART.has(url)) || DOCUMENTED_OUTSIDE_API.has(url);
}

/** One tag per feature, in the order the page shows them. */
const API_TAGS = [
  { name: "helpers", description: "The biodata: the public listing and records, a supplier's own writes, and the PDF." },
  { name: "suppliers", description: "The suppliers who publish biodata." },
  { name: "uploads", description: "Photos for a biodata or a profile, stored before the biodata names them." },
  { name: "leads", description: "Families who left their name and number at the /filters gate." },
  { name: "operator", description: "Operators' screens as data: every call needs an operator's session (403 for anyone else)." },
  {
    name: "accounts",
    description:
      "Signing up, logging in, sessions and passwords: better-auth's own endpoints, listed from the running site. " +
      "Their bodies and answers are better-auth's; refusals are `{ message, code?, fields? }`, not the error shape of the other calls.",
  },
  { name: "documentation", description: "This document." },
] as const;

type ApiTag = (typeof API_TAGS)[number]["name"];

const INTRODUCTION = [
  "The JSON API of the site, for integrations and tests; the pages use the same services.",
  "",
  "Every refusal of these calls is `{ error: { code, message, fields?, requestId? } }` (the `Error` schema, at the end):",
  "`fields` names each refused value the way a form names it (`salary`, `skills.cooking.rating`,",
  "`employment[2].to`), and `requestId` names the request in the site's logs. A server error says",
  "nothing of its cause. Calls that need a supplier's or an operator's session say so; the session",
  "is the cookie better-auth sets when a person logs in.",
].join("\n");

export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Every route each app registered after its document, as Fastify was given them (for the checks in tests). */
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

export interface ApiDocsOptions {
  /** The tags of features that plug in by themselves (composition/features.ts), after the site's own. */
  extraTags?: readonly { name: string; description: string }[];
  /** Paths served outside Fastify's own routes (better-auth's), merged in as they are. */
  extraPaths?: Record<string, object>;
  /** The site's address (PUBLIC_URL): the document's one server. */
  publicUrl?: string;
}

/**
 * Registered before the routes it describes: @fastify/swagger learns the routes as they are added.
 * `bodyCheckedInHandler` is a body the handler checks itself (after the sign-in check, so a
 * stranger's write is a 403 whatever it sends): documented as the body, never checked by Fastify.
 */
export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions = {}): Promise<void> {
  nameErrorSchema();
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook("onRoute", ({ method, url }) => {
    for (const one of Array.isArray(method) ? method : [method]) routes.push({ method: one, url });
  });
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const transform: SwaggerTransform = (input) => {
    if (!isDocumentedUrl(input.url)) return { schema: { hide: true }, url: input.url };
    const { bodyCheckedInHandler, ...schema } = input.schema ?? {};
    return zodTransform({ ...input, schema: bodyCheckedInHandler ? { ...schema, body: bodyCheckedInHandler } : schema });
  };
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Direct Helpers API", version: "1", description: INTRODUCTION },
      tags: [...API_TAGS, ...(options.extraTags ?? [])].map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: "better-auth.session_token",
            description: "The session cookie set when a person logs in (`__Secure-better-auth.session_token` when the site runs on https).",
          },
        },
      },
      ...(options.publicUrl ? { servers: [{ url: options.publicUrl, description: "This site" }] } : {}),
      paths: options.extraPaths ?? {},
    },
    transform,
    transformObject: (document) => nameAndSecure(describeResponses(dropUnusedSchemas(jsonSchemaTransformObject(document)))),
  });

  // Made once, when first asked for (every route is known by then), and compressed once; a
  // failure (a schema the transform cannot write) is tried again by the next request.
  let built: Promise<{ json: DocsAnswer; page: DocsAnswer }> | undefined;
  const answers = () => {
    built ??= (async () => {
      const document = app.swagger();
      const page = renderApiDocsPage(document);
      const [json, html] = await Promise.all([
        answer(JSON.stringify(document), "application/json; charset=utf-8"),
        answer(page.html, "text/html; charset=utf-8", page.csp),
      ]);
      return { json, page: html };
    })().catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    return built;
  };

  const docs = app.withTypeProvider<ZodTypeProvider>();
  const documentation = { tags: ["documentation"] satisfies ApiTag[] };
  docs.get(
    `${API_DOCS_PATH}/json`,
    {
      schema: {
        ...documentation,
        summary: "This document (OpenAPI 3.1)",
        description: "Made from the routes' own schemas when first asked for; the same bytes after that, with an ETag.",
        response: { 200: z.looseObject({ openapi: z.string() }), 304: z.undefined(), ...refusals(400) },
      },
    },
    async (request, reply) => send(request, reply, (await answers()).json),
  );
  docs.get(
    API_DOCS_PATH,
    {
      schema: {
        ...documentation,
        summary: "This document as a page",
        description: "Plain HTML made from the same document: no script, styles allowed by their hash.",
        response: {
          200: { description: "The page", content: { "text/html": { schema: z.string() } } },
          304: z.undefined(),
          ...refusals(400),
        },
      },
    },
    async (request, reply) => send(request, reply, (await answers()).page),
  );
}

interface DocsAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  type: string;
  etag: string;
  csp?: string;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli's 9 is a tenth of the best quality's time (about 70 ms for both answers) for 10% more bytes. */
const BROTLI_QUALITY = 9;

async function answer(text: string, type: string, csp?: string): Promise<DocsAnswer> {
  const identity = Buffer.from(text, "utf8");
  const [br, gzip] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: 9 }),
  ]);
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  return { identity, br, gzip, type, etag, csp };
}

/** Cacheable by anyone: the document is the same for every visitor until the site is updated. */
function send(request: FastifyRequest, reply: FastifyReply, docs: DocsAnswer): FastifyReply {
  reply.header("cache-control", "public, max-age=300").header("etag", docs.etag).header("vary", "Accept-Encoding");
  if (docs.csp) reply.header("content-security-policy", docs.csp);
  const known = request.headers["if-none-match"];
  if (typeof known === "string" && known.split(",").some((tag) => ["*", docs.etag].includes(tag.trim().replace(/^W\//, "")))) {
    return reply.status(304).send();
  }
  reply.type(docs.type);
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  return encoding ? reply.header("content-encoding", encoding).send(docs[encoding]) : reply.send(docs.identity);
}

/**
 * The error answer is one named schema of the document. zod's registry is the process's own, so
 * the name is given once, by the first app built (tests build several).
 */
function nameErrorSchema(): void {
  if (z.globalRegistry.get(errorSchema)?.id) return;
  z.globalRegistry.add(errorSchema, {
    id: "Error",
    description: "Every refusal: `fields` names each refused value as a form names it; `requestId` names the request in the logs.",
  });
}

/** What an answer means when its route says no more (the error answers never do). */
const STATUS_WORDS: Record<string, string> = {
  200: "Success",
  201: "Created",
  204: "Done; no body",
  304: "Not modified: the copy named in If-None-Match is current",
  400: "Refused: the input is not valid (`error.fields` names each value)",
  401: "Not logged in",
  403: "Signed in, but not allowed",
  404: "Not found",
  413: "Too large",
  429: "Too many requests: `Retry-After` says when to try again",
  503: "Busy: `Retry-After` says when to try again",
};

type Document = ReturnType<typeof jsonSchemaTransformObject>;

/** @fastify/swagger calls an answer without a description "Default Response": each gets its status's words. */
function describeResponses(document: Document): Document {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const responses = (operation as { responses?: Record<string, { description?: string }> }).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === "Default Response") response.description = STATUS_WORDS[status] ?? `HTTP ${status}`;
      }
    }
  }
  return document;
}

/** `GET /api/helpers/{id}` -> `getHelpersById`: a name for an operation its route did not name. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/)/, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const word = param ? `by-${param[1]}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join("");
    });
  return method.toLowerCase() + words.join("");
}

/**
 * Every operation named (`operationId`) and saying who may call it: an operation that names no
 * session is open to anyone (`security: []`; a conversation's family proves itself by its own
 * cookie, as its description says), so no reader has to guess.
 */
function nameAndSecure(document: Document): Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const described = operation as { operationId?: string; security?: unknown[] };
      described.operationId ??= operationIdOf(method, path);
      described.security ??= [];
    }
  }
  return document;
}

/**
 * The zod registry's schemas with an id become components twice (as read and as written):
 * only those the paths use, directly or through another, are kept.
 */
function dropUnusedSchemas(document: Document): Document {
  if (!("components" in document) || !document.components?.schemas) return document;
  const schemas: Record<string, unknown> = document.components.schemas;
  const used = new Set<string>();
  const refs = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const pending = refs(document.paths);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refs(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } } as Document;
}

declare module "fastify" {
  interface FastifySchema {
    /** A body the handler checks itself: documented, not checked before the handler runs. */
    bodyCheckedInHandler?: z.ZodType;
  }
}
