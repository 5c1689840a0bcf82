/**
 * Notices by web push turned on and off in a browser: the family's (known by its key cookie) and
 * the signed-in account's. The site's manifest too, which makes the site installable.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actor } from "../accounts";
import { noContent, refusals } from "../../server/http/schemas";
import type { PushOwner } from "../notifications";
import { m } from "../../shared/i18n/compiled/messages.js";
import type { PushService } from "./service";

/** The subscription as `PushSubscription.toJSON()` gives it; lengths far beyond any push service's are refused. */
const subscriptionSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  expirationTime: z.number().nullable().optional(),
});
const endpointSchema = z.object({ endpoint: z.string().min(1).max(2048) });

const sent =
  "What is sent: a short notice (who answered, about which helper) and the page it opens; never the words of a message. " +
  "The endpoint must be https on a push service's host, and the keys the browser's P-256 key (65 bytes) and auth secret " +
  "(16 bytes) in base64url: anything else, 400. A browser whose subscription is another's: 409 (make a new subscription).";

export async function pushRoutes(fastify: FastifyInstance, { service }: { service: PushService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const invalidInput = () => m.push_error_subscription();

  const routes: { path: string; who: string; access: "anyone" | "signed-in"; owner: (request: FastifyRequest) => Promise<PushOwner> }[] = [
    {
      path: "/api/messages/push",
      who: "the family whose key the `conversations` cookie holds (404 without one)",
      access: "anyone",
      owner: (request) => service.familyOf(request.headers.cookie),
    },
    {
      path: "/api/inbox/push",
      who: "the signed-in account (401 without a session)",
      access: "signed-in",
      owner: async (request) => ({ account: actor(request).id }),
    },
  ];
  for (const route of routes) {
    app.post(
      route.path,
      {
        config: { access: route.access, invalidInput },
        schema: {
          tags: ["push"],
          summary: `Turn on web push notices in this browser for ${route.access === "anyone" ? "the family" : "the account"}`,
          description: `For ${route.who}. ${sent}`,
          body: subscriptionSchema,
          response: { 204: noContent, ...refusals(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        await service.turnOn(await route.owner(request), request.body, request.headers["user-agent"]);
        return reply.code(204).send();
      },
    );
    app.delete(
      route.path,
      {
        config: { access: route.access, invalidInput },
        schema: {
          tags: ["push"],
          summary: `Turn off web push notices in this browser for ${route.access === "anyone" ? "the family" : "the account"}`,
          description: `For ${route.who}: forgets the subscription with this endpoint; 404 when it is not theirs.`,
          body: endpointSchema,
          response: { 204: noContent, ...refusals(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await service.turnOff(await route.owner(request), request.body.endpoint);
        return reply.code(204).send();
      },
    );
  }

  // Installable: the browser reads this from every page's head (root.tsx).
  app.get("/manifest.webmanifest", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("application/manifest+json; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(JSON.stringify(service.manifest())),
  );
}
