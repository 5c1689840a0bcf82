import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyRouteSchemaDef, FastifyValidationResult } from "fastify/types/schema";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { HelperCard, HelperPage } from "../../shared/helper-types";
import { helperQuerySchema } from "../../shared/listing-query-schema";
import { notFound } from "../../server/http/errors";
import { pickEncoding } from "../../server/http/page-cache";
import { refusals } from "../../server/http/schemas";
import { LISTING_DOCS, RECORD_DOCS } from "./server/helper-api-docs";
import { helperCardSchema, helperPageSchema, helperRecordSchema } from "./server/helper-schemas";
import { ListingBytes } from "./server/listing-bytes";
import type { HelperService } from "./service";
import { m } from "../../shared/i18n/compiled/messages.js";

const JSON_TYPE = "application/json; charset=utf-8";
/** As the compression plugin's threshold for every other answer. */
const MIN_COMPRESSED = 1024;

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
 * card object, as UTF-8 bytes: a search's cards are the same objects day long (card-store.ts),
 * so a page of a new term is put together from the bytes of cards shown before. Each card's
 * bytes live as long as the card object does (about 0.7 kB each; decision 111): with 50,000
 * helpers, a search for any reference or name seldom finds its cards among a few thousand kept last.
 */
const cardJson = new WeakMap<HelperCard, Buffer>();

function cardBytes(card: HelperCard): Buffer {
  let bytes = cardJson.get(card);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(z.encode(helperCardSchema, card)));
    cardJson.set(card, bytes);
  }
  return bytes;
}

const ITEMS_HEAD = '{"items":[]';
const OPENING = Buffer.from('{"items":[');
const COMMA = Buffer.from(",");

/**
 * A listing page as the route's schema writes it, in UTF-8: the page's other fields by the
 * schema, its cards as above, copied side by side.
 */
export function serializePage(page: HelperPage, serialize: (page: HelperPage) => string): Buffer {
  const rest = serialize({ ...page, items: [] });
  if (!rest.startsWith(ITEMS_HEAD)) throw new Error("a listing page's JSON no longer begins with its items");
  const parts: Buffer[] = [OPENING];
  page.items.forEach((card, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(cardBytes(card));
  });
  parts.push(Buffer.from(`]${rest.slice(ITEMS_HEAD.length)}`));
  return Buffer.concat(parts);
}

/**
 * Sends a listing page as its bytes (made once per page object), compressed as the client takes
 * them. A page the cache holds goes out at once; a failure to read one goes to the error handler.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  listingBytes: ListingBytes<HelperPage>,
  page: HelperPage | Promise<HelperPage>,
): void {
  if (page instanceof Promise) {
    page.then(
      (read) => sendPage(request, reply, listingBytes, read),
      (error: unknown) => reply.send(error),
    );
    return;
  }
  const bytes = listingBytes.of(page, (whole) => serializePage(whole, (rest) => reply.serialize(rest) as string));
  reply.type(JSON_TYPE).header("vary", "Accept-Encoding");
  // Below a kilobyte (a page of few or no helpers) compressing saves nothing worth a client's time.
  const encoding = bytes.identity.length < MIN_COMPRESSED ? undefined : pickEncoding(request.headers["accept-encoding"]);
  if (!encoding) {
    reply.send(bytes.identity);
    return;
  }
  reply.header("content-encoding", encoding);
  const body = bytes.encoded(encoding);
  if (Buffer.isBuffer(body)) reply.send(body);
  else
    body.then(
      (made) => reply.send(made),
      (error: unknown) => reply.send(error),
    );
}

export async function helperRoutes(fastify: FastifyInstance, { helpers }: { helpers: HelperService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A cached listing page is answered as the bytes it serialised to the first time: the
  // services' cache returns the same object until a change drops it, and with it these bytes.
  const listingBytes = new ListingBytes<HelperPage>();
  // The query each address was read as. Reading is pure (the same address, the same query), so
  // this is never stale; it is bounded as the readings are.
  const queryKeys = new Map<string, string>();

  app.get(
    "/api/helpers",
    {
      // The listing's one query schema (old names and spellings kept): a malformed parameter is
      // a 400 naming it; a value the catalogue lacks is no error, but an empty page (below).
      schema: { ...LISTING_DOCS, querystring: helperQuerySchema, response: { 200: helperPageSchema, ...refusals(400) } },
      validatorCompiler: keptReadings,
      config: { access: "anyone", invalidInput: (fields) => Object.values(fields).join("; ") },
      // Its pages come compressed already (listing-bytes.ts), its other answers are a few
      // hundred bytes, and a GET has no body: the plugin's hooks would only look and pass.
      compress: false,
      decompress: false,
      // An address read before whose page the listing still keeps is answered at once: its
      // checks and its reading would come out as they did, so they are not run again.
      onRequest: (request, reply, done) => {
        const queryKey = queryKeys.get(request.url);
        const page = queryKey === undefined ? undefined : helpers.listKept(queryKey);
        if (page) sendPage(request, reply, listingBytes, page);
        else done();
      },
    },
    // Not async, and it returns nothing: a page the cache holds is sent with no promise made.
    (request, reply) => {
      const { query, unknown } = request.query;
      if (unknown.length > 0) {
        // A value the catalogue does not know matches no helper: an empty page that says why.
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize, unknown };
      }
      const queryKey = helpers.queryKey(query);
      if (queryKeys.size >= MAX_KEPT) queryKeys.clear();
      queryKeys.set(request.url, queryKey);
      sendPage(request, reply, listingBytes, helpers.listKept(queryKey) ?? helpers.list(query));
      return undefined;
    },
  );

  app.get(
    "/api/helpers/:id",
    // Any id is looked up (an unknown or malformed one is a 404, not a 400).
    {
      config: { access: "anyone" },
      schema: { ...RECORD_DOCS, params: z.object({ id: z.string() }), response: { 200: helperRecordSchema, ...refusals(404) } },
    },
    async (request) => {
      const helper = await helpers.find(request.params.id, request.viewer ?? null);
      if (!helper) throw notFound(m.server_error_helper_not_listed());
      return helper;
    },
  );
}
