import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { errorSchema, jsonSchema, supplierSchema } from "../helpers/helper-schemas";
import { notFound } from "../http/errors";
import type { Services } from "../services";

export async function supplierRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get(
    "/api/suppliers",
    { schema: { response: { 200: jsonSchema(z.object({ items: z.array(supplierSchema) })) } } },
    async () => ({ items: await services.suppliers.list() }),
  );

  app.get<{ Params: { id: string } }>(
    "/api/suppliers/:id",
    { schema: { response: { 200: jsonSchema(supplierSchema), 404: jsonSchema(errorSchema) } } },
    async (request) => {
      const supplier = await services.suppliers.find(request.params.id);
      if (!supplier) throw notFound("No supplier with this id.");
      return supplier;
    },
  );
}
