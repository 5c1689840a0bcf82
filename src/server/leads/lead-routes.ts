/**
 * POST /api/leads: the /filters gate for integrations. Limited per client address with the same
 * counters as the page's gate (lead-rate-limit.ts), so neither is a way around the other.
 */
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseLeadInput } from "../../shared/lead-schema";
import { errorSchema, jsonSchema } from "../helpers/helper-schemas";
import { badRequest, HttpError } from "../http/errors";
import type { Services } from "../services";
import { tooManyLeadsMessage, type RateLimiter } from "./lead-rate-limit";

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  visits: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});

/** @fastify/rate-limit's store interface over the shared limiter. */
function limiterStore(limiter: RateLimiter) {
  return class LeadLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      limiter.hit(key).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

export async function leadRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { limiter } = services.leads;
  const error = jsonSchema(errorSchema);

  // Registered inside this plugin, the limit applies to these routes only.
  await app.register(rateLimit, {
    max: limiter.limits.max,
    timeWindow: limiter.limits.windowMs,
    store: limiterStore(limiter),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new HttpError(429, "too_many_requests", tooManyLeadsMessage(context.ttl)),
  });
  app.addHook("onClose", async () => services.leads.close());

  app.post(
    "/api/leads",
    {
      schema: {
        body: {
          type: "object",
          properties: { name: { type: "string" }, phone: { type: "string" } },
        },
        response: { 201: jsonSchema(leadSchema), 400: error, 429: error },
      },
    },
    async (request, reply) => {
      const parsed = parseLeadInput(request.body);
      if (!parsed.ok) throw badRequest("Please check your name and phone number.", parsed.fields);
      const lead = await services.leads.record(parsed.lead);
      return reply.status(201).send(lead);
    },
  );
}
