import type { FastifyInstance } from "fastify";
import type { HelperPage } from "../../shared/helper-types";
import { parseHelperQuery, type ParsedHelperQuery } from "../../shared/listing-query";
import { badRequest, notFound } from "../http/errors";
import type { Services } from "../services";
import { errorSchema, helperPageSchema, helperRecordSchema, jsonSchema } from "./helper-schemas";

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

export async function helperRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const error = jsonSchema(errorSchema);
  // A cached listing page is answered as the bytes it serialised to the first time: the
  // services' cache returns the same object until a change drops it, and with it this entry.
  // The bytes come from the route's own response schema, so no undeclared field gets out.
  const serialized = new WeakMap<HelperPage, Buffer>();

  app.get(
    "/api/helpers",
    { schema: { response: { 200: jsonSchema(helperPageSchema), 400: error } } },
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
      const page = await services.helpers.list(query);
      let body = serialized.get(page);
      if (!body) {
        body = Buffer.from(reply.serialize(page) as string);
        serialized.set(page, body);
      }
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.get<{ Params: { id: string } }>(
    "/api/helpers/:id",
    { schema: { response: { 200: jsonSchema(helperRecordSchema), 404: error } } },
    async (request) => {
      const helper = await services.helpers.find(request.params.id, request.viewer ?? null);
      if (!helper) throw notFound("No helper with this id is listed.");
      return helper;
    },
  );
}
