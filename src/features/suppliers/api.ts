import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../server/http/errors";
import { refusals } from "../../server/http/schemas";
import type { SupplierService } from "./service";

export const supplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  image: z.string().nullable(),
  availableHelpers: z.number().int(),
  eaLicenceNumber: z.string().nullable().describe("the MOM licence, once the site checked it; null before and for an overseas supplier"),
  licenceStatus: z
    .enum(["checked", "unchecked", "none"])
    .describe("none: an overseas supplier; unchecked: a licence is claimed, not yet checked"),
  licenceCheckedAt: z.string().nullable().describe("when the site checked the licence (ISO 8601)"),
  phone: z.string().nullable(),
  since: z.string(),
});

export async function supplierRoutes(fastify: FastifyInstance, { suppliers }: { suppliers: SupplierService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/suppliers",
    {
      schema: {
        tags: ["suppliers"],
        summary: "List the suppliers",
        description: "The suppliers with at least one listed helper, those with the most available helpers first.",
        response: { 200: z.object({ items: z.array(supplierSchema) }) },
      },
    },
    async () => ({ items: await suppliers.list() }),
  );

  app.get(
    "/api/suppliers/:id",
    {
      schema: {
        tags: ["suppliers"],
        summary: "Read a supplier",
        description: "404 when no supplier has this id, or their account is not public yet (an unconfirmed e-mail).",
        params: z.object({ id: z.string() }),
        response: { 200: supplierSchema, ...refusals(404) },
      },
    },
    async (request) => {
      const supplier = await suppliers.find(request.params.id);
      if (!supplier) throw notFound("No supplier with this id.");
      return supplier;
    },
  );
}
