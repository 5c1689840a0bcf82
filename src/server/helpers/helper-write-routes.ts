import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Services } from "../services";
import { errorSchema, helperRecordSchema, jsonSchema, ownedHelperRecordSchema } from "./helper-schemas";
import { createHelper, deleteHelper, listOwnHelpers, updateHelper, type WriteDeps } from "./helper-writes";

/**
 * A supplier's writes: POST/PATCH/DELETE /api/helpers and GET /api/me/helpers. Bodies are
 * checked by the shared helper schema inside the write functions (the page forms use them too).
 */
export async function helperWriteRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const error = jsonSchema(errorSchema);
  const record = jsonSchema(ownedHelperRecordSchema);
  const params = jsonSchema(z.object({ id: z.string().max(64) }));
  const refusals = { 400: error, 401: error, 403: error, 404: error };

  const deps = (request: FastifyRequest): WriteDeps => ({
    db: services.db,
    storage: services.storage,
    listingChanged: services.listingChanged,
    log: request.log,
    publishNeedsVerifiedEmail: Boolean(services.config.mail.smtpUrl),
  });

  app.post(
    "/api/helpers",
    { schema: { response: { 201: record, ...refusals } } },
    async (request, reply) => {
      const helper = await createHelper(deps(request), request.viewer, request.body);
      return reply.status(201).header("location", `/api/helpers/${helper.id}`).send(helper);
    },
  );

  app.patch<{ Params: { id: string } }>(
    "/api/helpers/:id",
    { schema: { params, response: { 200: record, ...refusals } } },
    async (request) => updateHelper(deps(request), request.viewer, request.params.id, request.body),
  );

  app.delete<{ Params: { id: string } }>(
    "/api/helpers/:id",
    { schema: { params, response: { 204: { type: "null" }, ...refusals } } },
    async (request, reply) => {
      await deleteHelper(deps(request), request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/me/helpers",
    { schema: { response: { 200: jsonSchema(z.object({ items: z.array(helperRecordSchema) })), 401: error } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await listOwnHelpers(deps(request), request.viewer) };
    },
  );
}
