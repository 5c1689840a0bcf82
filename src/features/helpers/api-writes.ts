import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { helperCreateSchema, helperUpdateSchema } from "../../shared/helper-schema";
import { idParams, noContent, refusals } from "../../server/http/schemas";
import { CREATE_DOCS, DELETE_DOCS, OWN_LIST_DOCS, UPDATE_DOCS } from "./server/helper-api-docs";
import { gatedHelperRecordSchema, ownedHelperRecordSchema } from "./server/helper-schemas";
import type { HelperService } from "./service";

/**
 * A supplier's writes: POST/PATCH/DELETE /api/helpers and GET /api/me/helpers. Bodies are only
 * documented here: the service checks them with the shared helper schema after it checks who may
 * write (a stranger's PATCH is a 403 whatever it sends), as it does for the page forms.
 */
export async function helperWriteRoutes(fastify: FastifyInstance, { helpers }: { helpers: HelperService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writeRefusals = refusals(400, 401, 403, 404, 429);
  // Any account may try; the service then checks that the biodata is its own (or it is an operator's).
  const config = { access: "signed-in" } as const;

  const createSchema = {
    ...CREATE_DOCS,
    bodyCheckedInHandler: helperCreateSchema,
    response: { 201: ownedHelperRecordSchema, ...writeRefusals },
  };
  app.post("/api/helpers", { config, schema: createSchema }, async (request, reply) => {
    const helper = await helpers.create(request.viewer, request.body);
    return reply.status(201).header("location", `/api/helpers/${helper.id}`).send(helper);
  });

  app.patch(
    "/api/helpers/:id",
    {
      config,
      schema: {
        ...UPDATE_DOCS,
        params: idParams,
        bodyCheckedInHandler: helperUpdateSchema,
        response: { 200: ownedHelperRecordSchema, ...writeRefusals },
      },
    },
    async (request) => (await helpers.update(request.viewer, request.params.id, request.body)).record,
  );

  app.delete(
    "/api/helpers/:id",
    { config, schema: { ...DELETE_DOCS, params: idParams, response: { 204: noContent, ...writeRefusals } } },
    async (request, reply) => {
      await helpers.remove(request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/me/helpers",
    { config, schema: { ...OWN_LIST_DOCS, response: { 200: z.object({ items: z.array(gatedHelperRecordSchema) }), ...refusals(401) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await helpers.listOwn(request.viewer) };
    },
  );
}
