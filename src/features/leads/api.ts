/**
 * POST /api/leads: the /filters gate for integrations. Limited per client address with the same
 * counters as the page's gate (lead-rate-limit.ts), so neither is a way around the other.
 */
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { leadInputSchema } from "../../shared/lead-schema";
import { tooManyRequests } from "../../server/http/errors";
import { refusals } from "../../server/http/schemas";
import { tooManyLeadsMessage, type RateLimiter } from "./server/lead-rate-limit";
import type { LeadService } from "./service";
import { m } from "../../shared/i18n/compiled/messages.js";

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  visits: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  filters: z.array(z.string()).describe("what the family last filtered for, in words"),
});

/**
 * What POST /api/leads answers: the lead as given. Never the stored lead: anyone may send a known
 * number, and its first name, visits and dates are not theirs to read (decision 082).
 */
const givenLeadSchema = z.object({ name: z.string(), phone: z.string() });

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

export async function leadRoutes(fastify: FastifyInstance, { leads }: { leads: LeadService }) {
  const { limiter } = leads;

  // Registered inside this plugin, the limit applies to these routes only.
  await fastify.register(rateLimit, {
    max: limiter.limits.max,
    timeWindow: limiter.limits.windowMs,
    store: limiterStore(limiter),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(tooManyLeadsMessage(context.ttl)),
  });
  fastify.addHook("onClose", async () => leads.close());
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/leads",
    {
      config: { access: "anyone", invalidInput: () => m.server_error_lead_check() },
      // The gate's own schema: the body arrives tidied, the phone in E.164.
      schema: {
        tags: ["leads"],
        summary: "Leave a family's name and number (the /filters gate)",
        description:
          "The same gate as the /filters page, with the same rate limit per client address (429 with `Retry-After`). " +
          "Answers with the lead as given (`{ name, phone }`, the phone in E.164), never with what an earlier visit " +
          "stored: anyone may give a known number, and the name first given stays (decision 082).",
        body: leadInputSchema,
        response: { 201: givenLeadSchema, ...refusals(400, 429) },
      },
    },
    async (request, reply) => {
      const { name, phone } = await leads.record(request.body);
      return reply.status(201).send({ name, phone });
    },
  );
}
