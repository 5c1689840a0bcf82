/**
 * Operator endpoints: leads (JSON and CSV export) and the deliveries that keep failing, with a
 * retry. Every one checks the operator role on the server; suppliers get 403.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireAdmin } from "../auth/guards";
import { errorSchema, jsonSchema } from "../helpers/helper-schemas";
import { notFound } from "../http/errors";
import type { Services } from "../services";

const search = z.string().max(100).optional();
const leadsQuery = z.object({ q: search, page: z.coerce.number().int().min(1).max(10_000).default(1) });
const exportQuery = z.object({ q: search });

const leadPageSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string(),
      visits: z.number().int(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const failingSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      channel: z.string(),
      subject: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string(),
      createdAt: z.string(),
    }),
  ),
  failing: z.number().int(),
  pending: z.number().int(),
});

const error = jsonSchema(errorSchema);
const errors = { 400: error, 401: error, 403: error };

export async function adminRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/admin/leads",
    { schema: { querystring: jsonSchema(leadsQuery), response: { 200: jsonSchema(leadPageSchema), ...errors } } },
    async (request) => {
      requireAdmin(request.viewer);
      return services.leads.list(leadsQuery.parse(request.query));
    },
  );

  app.get(
    "/api/admin/leads.csv",
    {
      schema: {
        querystring: jsonSchema(exportQuery),
        response: { 200: { type: "string", description: "text/csv: Name, Phone, Visits, First seen, Last seen" }, ...errors },
      },
    },
    async (request, reply) => {
      requireAdmin(request.viewer);
      const { q } = exportQuery.parse(request.query);
      const csv = await services.leads.exportCsv(q);
      const day = new Date().toISOString().slice(0, 10);
      // Sent as bytes so the response schema's string serializer leaves the CSV as it is.
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="leads-${day}.csv"`)
        .send(Buffer.from(csv, "utf8"));
    },
  );

  app.get("/api/admin/outbox", { schema: { response: { 200: jsonSchema(failingSchema), ...errors } } }, async (request) => {
    requireAdmin(request.viewer);
    return services.admin.outbox.failing();
  });

  app.post<{ Params: { id: string } }>(
    "/api/admin/outbox/:id/retry",
    {
      schema: {
        params: jsonSchema(z.object({ id: z.string().max(64) })),
        response: { 200: jsonSchema(z.object({ id: z.string(), queued: z.boolean() })), ...errors, 404: error },
      },
    },
    async (request) => {
      requireAdmin(request.viewer);
      const queued = await services.admin.outbox.retry(request.params.id);
      if (!queued) throw notFound("No undelivered message has this id (it may have gone out already).");
      return { id: request.params.id, queued };
    },
  );
}
