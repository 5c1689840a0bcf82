import type { FastifyInstance } from "fastify";
import type { FastifyRouteSchemaDef, FastifyValidationResult } from "fastify/types/schema";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { HelperCard, HelperPage } from "../../shared/helper-types";
import { helperQuerySchema } from "../../shared/listing-query-schema";
import { notFound } from "../../server/http/errors";
import { refusals, sendBytes } from "../../server/http/schemas";
import { LISTING_DOCS, RECORD_DOCS } from "./server/helper-api-docs";
import { helperCardSchema, helperPageSchema, helperRecordSchema } from "./server/helper-schemas";
import type { HelperService } from "./service";

const JSON_TYPE = "application/json; charset=utf-8";

// The same few listing URLs come back constantly and reading one is pure, so a reading the
// schema accepted is kept, by the parameters' text (a refused one is rare and read again).
const MAX_KEPT = 1000;
const kept = new Map<string, { value: unknown }>();

function keptReadings<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  const validate = validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const hit = kept.get(key);
    if (hit) return hit;
    const result = validate(data) as { value: unknown } | { error: Error };
    if ("value" in result) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, result);
    }
    return result;
  };
}

/**
 * Cards as JSON, written by the card's schema (so no undeclared field gets out) once for each
 * card object: a search's cards are the same objects day long (card-store.ts), so a page of a
 * new term is mostly put together from the JSON of cards shown before. The most recently shown
 * are kept (about 1 kB each).
 */
const MAX_CARD_JSON = 10_000;
const cardJson = new Map<HelperCard, string>();

function serializeCard(card: HelperCard): string {
  let json = cardJson.get(card);
  if (json === undefined) {
    json = JSON.stringify(z.encode(helperCardSchema, card));
    if (cardJson.size >= MAX_CARD_JSON) cardJson.delete(cardJson.keys().next().value!);
  } else cardJson.delete(card);
  cardJson.set(card, json);
  return json;
}

/** A listing page as the route's schema writes it: the page's other fields by the schema, its cards as above. */
export function serializePage(page: HelperPage, serialize: (page: HelperPage) => string): string {
  const rest = serialize({ ...page, items: [] });
  const head = '{"items":[]';
  if (!rest.startsWith(head)) throw new Error("a listing page's JSON no longer begins with its items");
  return `{"items":[${page.items.map(serializeCard).join(",")}]${rest.slice(head.length)}`;
}

export async function helperRoutes(fastify: FastifyInstance, { helpers }: { helpers: HelperService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A cached listing page is answered as the bytes it serialised to the first time: the
  // services' cache returns the same object until a change drops it, and with it this entry.
  const serialized = new WeakMap<HelperPage, Buffer>();

  app.get(
    "/api/helpers",
    {
      // The listing's one query schema (old names and spellings kept): a malformed parameter is
      // a 400 naming it; a value the catalogue lacks is no error, but an empty page (below).
      schema: { ...LISTING_DOCS, querystring: helperQuerySchema, response: { 200: helperPageSchema, ...refusals(400) } },
      validatorCompiler: keptReadings,
      config: { invalidInput: (fields) => Object.values(fields).join("; ") },
    },
    async (request, reply) => {
      const { query, unknown } = request.query;
      if (unknown.length > 0) {
        // A value the catalogue does not know matches no helper: an empty page that says why.
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize, unknown };
      }
      const page = await helpers.list(query);
      let body = serialized.get(page);
      if (!body) {
        body = Buffer.from(serializePage(page, (rest) => reply.serialize(rest) as string));
        serialized.set(page, body);
      }
      return sendBytes(reply, JSON_TYPE, body);
    },
  );

  app.get(
    "/api/helpers/:id",
    // Any id is looked up (an unknown or malformed one is a 404, not a 400).
    { schema: { ...RECORD_DOCS, params: z.object({ id: z.string() }), response: { 200: helperRecordSchema, ...refusals(404) } } },
    async (request) => {
      const helper = await helpers.find(request.params.id, request.viewer ?? null);
      if (!helper) throw notFound("No helper with this id is listed.");
      return helper;
    },
  );
}
