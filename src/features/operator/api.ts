/**
 * Operator endpoints: leads (JSON and CSV export) and the deliveries that keep failing, with a
 * retry. Every one declares `access: "operator"`, which makes both its check (401 without a session,
 * 403 for a supplier, before the body is read) and its security in the description; the operator
 * service checks the role again (decision 186).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../server/http/errors";
import { idParams, refusals, sendBytes } from "../../server/http/schemas";
import { leadSchema, type LeadService } from "../leads";
import { calendarDateAt, formatIsoDate } from "../../shared/age";
import { licenceCheckSchema, licenceRefusalSchema } from "./licence-check-schema";
import type { OperatorService } from "./service";
import { identityDocuments } from "../../shared/identity-documents";

const supplierLicenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  email: z.string(),
  eaLicenceNumber: z.string().nullable().describe("the licence the supplier claims, checked or not"),
  checkedAt: z.string().nullable().describe("when an operator checked it against MOM's directory (ISO 8601)"),
  checkedBy: z.string().nullable().describe("the operator's name; null for the demo data's checks"),
  note: z.string().nullable().describe("how it was checked"),
  refusedNumber: z.string().nullable().describe("the licence number an operator refused; null when none is"),
  refusedAt: z.string().nullable().describe("when it was refused (ISO 8601); while set, nothing of the supplier is public"),
  refusedBy: z.string().nullable().describe("the operator's name"),
  refusalReason: z.string().nullable().describe("why, as the supplier reads it on its dashboard"),
  joinedAt: z.string(),
});

const search = z.string().max(100).optional();
const leadsQuery = z.object({ q: search, page: z.coerce.number().int().min(1).max(10_000).default(1) });
const exportQuery = z.object({ q: search });

const leadPageSchema = z.object({
  items: z.array(leadSchema),
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
      problem: z.string().describe("the last error in plain words"),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string(),
      createdAt: z.string(),
    }),
  ),
  failing: z.number().int(),
  pending: z.number().int(),
  retrying: z.number().int().describe("undelivered messages with at least one failed attempt"),
});

const errors = refusals(400, 401, 403);

const operatorOnly = { tags: ["operator"] };
/** Every route here is the operators' alone: the check and the description's security both come from this. */
const config = { access: "operator" } as const;

/** The export's file name: dated in Singapore, as its rows' times are. */
export function leadsCsvFileName(now: Date): string {
  return `leads-${formatIsoDate(calendarDateAt(now))}.csv`;
}

export async function operatorRoutes(fastify: FastifyInstance, { operator, leads }: { operator: OperatorService; leads: LeadService }) {
  fastify.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/admin/leads",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "List the leads",
        description: "Most recently seen first, 50 a page; `q` finds part of a name or of a number. Times are ISO 8601.",
        querystring: leadsQuery,
        response: { 200: leadPageSchema, ...errors },
      },
    },
    async (request) => leads.list(request.viewer, request.query),
  );

  app.get(
    "/api/admin/leads.csv",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "Export the leads as CSV",
        description: "Every lead `q` finds, as a file to download.",
        querystring: exportQuery,
        response: {
          200: {
            description: "Columns: Name, Phone, Visits, First seen (Singapore time), Last seen (Singapore time), Filtered for",
            content: { "text/csv": { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const csv = await leads.exportCsv(request.viewer, request.query.q);
      // Sent as bytes so the response schema's string serializer leaves the CSV as it is.
      reply.header("content-disposition", `attachment; filename="${leadsCsvFileName(new Date())}"`);
      return sendBytes(reply, "text/csv; charset=utf-8", Buffer.from(csv, "utf8"));
    },
  );

  const outboxDocs = {
    ...operatorOnly,
    summary: "Notifications that keep failing",
    description: "Messages from their first failed attempt, with the last error in plain words, and the queue's counts.",
  };
  app.get("/api/admin/outbox", { config, schema: { ...outboxDocs, response: { 200: failingSchema, ...errors } } }, async (request) =>
    operator.as(request.viewer).outbox.failing(),
  );

  app.get(
    "/api/admin/suppliers",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "List the suppliers and their licences",
        description:
          "Licences waiting for a check first, then checked ones, then overseas suppliers; `q` finds part of a name, e-mail or licence.",
        querystring: z.object({ q: search }),
        response: { 200: z.object({ items: z.array(supplierLicenceSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await operator.as(request.viewer).suppliers.list(request.query.q) }),
  );

  app.put(
    "/api/admin/suppliers/:id/licence-check",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "Mark a supplier's licence checked",
        description:
          "After looking it up in MOM's directory of employment agencies: `licence` is the number checked (409 if the supplier's is now another), `note` says how. Families then see the number and the day of the check.",
        params: idParams,
        body: licenceCheckSchema,
        response: { 200: supplierLicenceSchema, ...errors, ...refusals(404, 409) },
      },
    },
    async (request) => operator.as(request.viewer).suppliers.checkLicence(request.params.id, request.body),
  );

  app.put(
    "/api/admin/suppliers/:id/licence-refusal",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "Refuse a supplier's licence",
        description:
          "When MOM's directory does not bear the licence out: `licence` is the number refused (409 if the supplier's is now another), `reason` is what the supplier reads on its dashboard. Nothing of the supplier is public until an operator checks a licence of theirs, and the refused number is free for another account to claim.",
        params: idParams,
        body: licenceRefusalSchema,
        response: { 200: supplierLicenceSchema, ...errors, ...refusals(404, 409) },
      },
    },
    async (request) => operator.as(request.viewer).suppliers.refuseLicence(request.params.id, request.body),
  );

  app.delete(
    "/api/admin/suppliers/:id/licence-check",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "Take back a licence check",
        description: 'Families see "Licence not yet checked" and no number again.',
        params: idParams,
        response: { 200: supplierLicenceSchema, ...errors, ...refusals(404) },
      },
    },
    async (request) => operator.as(request.viewer).suppliers.uncheckLicence(request.params.id),
  );

  app.post(
    "/api/admin/helper-accounts/:id/identity",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "Record the check of a helper's identity",
        description:
          "A helper's own account (direct hire): the kind of document the operator saw. Its number and a copy are never kept. 404 for any other account.",
        params: idParams,
        bodyCheckedInHandler: z.object({ documentKind: z.enum(identityDocuments) }),
        response: {
          200: z.object({ documentKind: z.enum(identityDocuments), checkedAt: z.string() }),
          ...errors,
          ...refusals(404),
        },
      },
    },
    async (request) => operator.as(request.viewer).helperAccounts.checkIdentity(request.params.id, request.body),
  );

  app.post(
    "/api/admin/outbox/:id/retry",
    {
      config,
      schema: {
        ...operatorOnly,
        summary: "Send a failing notification again now",
        description: "404 when no undelivered message has this id (it may have gone out already).",
        params: idParams,
        response: { 200: z.object({ id: z.string(), queued: z.boolean() }), ...errors, ...refusals(404) },
      },
    },
    async (request) => {
      const queued = await operator.as(request.viewer).outbox.retry(request.params.id);
      if (!queued) throw notFound("No undelivered message has this id (it may have gone out already).");
      return { id: request.params.id, queued };
    },
  );
}
