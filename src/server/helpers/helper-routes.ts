import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { HelperPage } from "../../shared/helper-types";
import { parseHelperQuery, type ParsedHelperQuery } from "../../shared/listing-query";
import { badRequest, notFound } from "../http/errors";
import { refusals, sendBytes } from "../http/schemas";
import { helperPageSchema, helperRecordSchema } from "./helper-schemas";
import type { HelperService } from "./service";

const JSON_TYPE = "application/json; charset=utf-8";

// The same few listing URLs come back constantly; reading one is pure, so its reading is kept.
const MAX_PARSED = 1000;
const parsed = new Map<string, ParsedHelperQuery>();

function parsedQuery(url: string, params: Record<string, string | string[]>): ParsedHelperQuery {
  const search = url.slice(url.indexOf("?") + 1 || url.length);
  let result = parsed.get(search);
  if (!result) {
    result = parseHelperQuery(params);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(search, result);
  }
  return result;
}

export async function helperRoutes(fastify: FastifyInstance, { helpers }: { helpers: HelperService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A cached listing page is answered as the bytes it serialised to the first time: the
  // services' cache returns the same object until a change drops it, and with it this entry.
  // The bytes come from the route's own response schema, so no undeclared field gets out.
  const serialized = new WeakMap<HelperPage, Buffer>();

  app.get(
    "/api/helpers",
    // The query is read by hand, not by a schema: the listing's parser keeps old spellings,
    // answers values the catalogue lacks with an empty page, and is cached per URL (above).
    { schema: { response: { 200: helperPageSchema, ...refusals(400) } } },
    async (request, reply) => {
      const { query, problems, unknown } = parsedQuery(request.url, request.query as Record<string, string | string[]>);
      if (problems.length > 0) {
        const fields = Object.fromEntries(problems.map((p) => [p.param, p.message]));
        throw badRequest(problems.map((p) => p.message).join("; "), fields);
      }
      if (unknown.length > 0) {
        // A value the catalogue does not know matches no helper: an empty page that says why.
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize, unknown };
      }
      const page = await helpers.list(query);
      let body = serialized.get(page);
      if (!body) {
        body = Buffer.from(reply.serialize(page) as string);
        serialized.set(page, body);
      }
      return sendBytes(reply, JSON_TYPE, body);
    },
  );

  app.get(
    "/api/helpers/:id",
    // Any id is looked up (an unknown or malformed one is a 404, not a 400).
    { schema: { params: z.object({ id: z.string() }), response: { 200: helperRecordSchema, ...refusals(404) } } },
    async (request) => {
      const helper = await helpers.find(request.params.id, request.viewer ?? null);
      if (!helper) throw notFound("No helper with this id is listed.");
      return helper;
    },
  );
}
