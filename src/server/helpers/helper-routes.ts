import type { FastifyInstance } from "fastify";
import { parseHelperQuery } from "../../shared/listing-query";
import { badRequest, notFound } from "../http/errors";
import type { Services } from "../services";
import { errorSchema, helperPageSchema, helperRecordSchema, jsonSchema } from "./helper-schemas";

export async function helperRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const error = jsonSchema(errorSchema);

  app.get(
    "/api/helpers",
    { schema: { response: { 200: jsonSchema(helperPageSchema), 400: error } } },
    async (request) => {
      const { query, problems, unknown } = parseHelperQuery(request.query as Record<string, string | string[]>);
      if (problems.length > 0) {
        const fields = Object.fromEntries(problems.map((p) => [p.param, p.message]));
        throw badRequest(problems.map((p) => p.message).join("; "), fields);
      }
      if (unknown.length > 0) {
        // A value the catalogue does not know matches no helper: an empty page that says why.
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize, unknown };
      }
      return services.helpers.list(query);
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
