import type { FastifyInstance } from "fastify";
import type { Services } from "../services";

/** Operator endpoints (lead export, outbox retry) — being written. */
export async function adminRoutes(_app: FastifyInstance, _options: { services: Services }) {}
