import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent, refusals } from "../../server/http/schemas";
import { CONTACT_CHANNELS, type ContactService } from "./service";

/**
 * POST /api/contacts {helperId, channel}: the contact buttons tell it as a family leaves for
 * WhatsApp, Telegram or web chat (by `navigator.sendBeacon`, so the family never waits for it).
 */
export async function contactRoutes(fastify: FastifyInstance, { service }: { service: ContactService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/contacts",
    {
      schema: {
        tags: ["contacts"],
        summary: "Count a family's contact about a helper",
        description:
          "Sent by the contact buttons (as a beacon) when a family leaves for WhatsApp, Telegram or web chat. Only an available " +
          "helper can be contacted (404 otherwise); one address counts once an hour for each helper, and more than 30 contacts " +
          "a minute from one address answer 429 with `Retry-After`. Nothing about the family is kept.",
        body: z.object({ helperId: z.uuid(), channel: z.enum(CONTACT_CHANNELS) }),
        response: { 204: noContent, ...refusals(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.record(request.body.helperId, request.body.channel, request.ip);
      return reply.code(204).send();
    },
  );
}
