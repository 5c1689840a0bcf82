import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FeatureRouteOptions } from "../../server/feature";
import { noContent, refusals } from "../../server/http/schemas";
import { CONTACT_CHANNELS, INTEREST_KINDS, type ContactService, type Sender } from "./service";

/**
 * POST /api/contacts {helperId, channel}: the contact buttons tell it as a family leaves for
 * WhatsApp, Telegram or web chat; POST /api/interest {helperId, kind}: the biodata page as it is
 * opened, and the shortlist button as a helper is added. Both by `navigator.sendBeacon`, so the
 * family never waits for them, and the biodata page stays one cached page for everyone.
 */
export async function contactRoutes(fastify: FastifyInstance, { service, visitorLead }: FeatureRouteOptions<ContactService>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const senderOf = async (request: FastifyRequest): Promise<Sender> => ({
    ip: request.ip,
    leadId: await visitorLead(request.headers.cookie),
    viewerId: request.viewer?.id ?? null,
    userAgent: request.headers["user-agent"],
  });

  app.post(
    "/api/contacts",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["contacts"],
        summary: "Record a family's contact about a helper",
        description:
          "Sent by the contact buttons (as a beacon) when a family leaves for WhatsApp, Telegram or web chat. Only an available " +
          "helper can be contacted (404 otherwise); the supplier is the helper's own, whatever the request says. One address " +
          "counts once an hour for each helper, the helper's own supplier not at all, and more than 30 contacts a minute from " +
          "one address answer 429 with `Retry-After`. With the family's visitor cookie, the contact names their lead; it is " +
          "kept 31 days.",
        body: z.object({ helperId: z.uuid(), channel: z.enum(CONTACT_CHANNELS) }),
        response: { 204: noContent, ...refusals(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.record(request.body.helperId, request.body.channel, await senderOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/interest",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["contacts"],
        summary: "Count a view of a biodata, or a shortlisting",
        description:
          "Sent by the biodata page as it opens (`view`) and by the shortlist button as a family adds a helper (`shortlist`). " +
          "Only an available helper is counted: an id that names none is answered 204 and counts nothing, so a page left open " +
          "after a helper is hired raises no error. One family (lead, or else address) counts once an hour for a view and once " +
          "a day for a shortlisting of each helper; robots that name themselves and the helper's own supplier are not counted; " +
          "more than 120 a minute from one address (many families may share one) answer 429 with `Retry-After`. Nothing about " +
          "the family is kept.",
        body: z.object({ helperId: z.uuid(), kind: z.enum(INTEREST_KINDS) }),
        response: { 204: noContent, ...refusals(400, 429) },
      },
    },
    async (request, reply) => {
      await service.note(request.body.helperId, request.body.kind, await senderOf(request));
      return reply.code(204).send();
    },
  );
}
