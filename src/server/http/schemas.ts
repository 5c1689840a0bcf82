/**
 * Schemas every API feature shares: the error answer and the id in a path. Routes declare zod
 * schemas (the type provider in app.ts validates requests and serialises responses with them),
 * so a response carries exactly the declared fields and nothing a database row has besides.
 */
import type { FastifyReply } from "fastify";
import { z } from "zod";

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});

/** The error answer under each of these statuses, for a route's `response`. */
export function refusals<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof errorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as { [K in S[number]]: typeof errorSchema };
}

export const idParams = z.object({ id: z.string().max(64) });

/** An answer with no body (204). */
export const noContent = z.undefined();

/**
 * Sends bytes made already (a cached listing page its schema serialised once, a CSV file):
 * Fastify passes a Buffer through as it is, whatever the route's response schema says.
 */
export function sendBytes(reply: FastifyReply, type: string, bytes: Buffer): FastifyReply {
  return reply.type(type).send(bytes);
}
