import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../server/http/errors";
import { idParams, noContent, refusals } from "../../server/http/schemas";
import { eaPersonnelInputSchema } from "../../shared/ea-personnel";
import { actor } from "../accounts";
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

const eaPersonnelSchema = z.object({
  id: z.string(),
  name: z.string(),
  registrationNumber: z.string().describe("MOM's registration number of the EA personnel, e.g. R1234567"),
  checkedAt: z.string().nullable().describe("when an operator checked them in MOM's directory (ISO 8601)"),
});

export async function supplierRoutes(fastify: FastifyInstance, { suppliers }: { suppliers: SupplierService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/suppliers",
    {
      config: { access: "anyone" },
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
      config: { access: "anyone" },
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

  app.get(
    "/api/me/ea-personnel",
    {
      config: { access: "supplier" },
      schema: {
        tags: ["suppliers"],
        summary: "List your EA personnel",
        description: "A licensed agency's registered EA personnel, first registered first: its biodata name the first.",
        response: { 200: z.object({ items: z.array(eaPersonnelSchema) }), ...refusals(401) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await suppliers.personnel(actor(request).id) };
    },
  );

  app.post(
    "/api/me/ea-personnel",
    {
      config: { access: "supplier" },
      schema: {
        tags: ["suppliers"],
        summary: "Add an EA personnel",
        description: "Name and registration number (R and seven digits). 400 for a supplier with no EA licence, or a number already added.",
        bodyCheckedInHandler: eaPersonnelInputSchema,
        response: { 201: eaPersonnelSchema, ...refusals(400, 401) },
      },
    },
    async (request, reply) => reply.status(201).send(await suppliers.addPersonnel(request.viewer, request.body)),
  );

  app.delete(
    "/api/me/ea-personnel/:id",
    {
      config: { access: "supplier" },
      schema: {
        tags: ["suppliers"],
        summary: "Remove an EA personnel",
        params: idParams,
        response: { 204: noContent, ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      await suppliers.removePersonnel(request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );
}
