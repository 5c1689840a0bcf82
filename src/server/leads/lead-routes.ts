import type { FastifyInstance } from "fastify";
import type { Services } from "../services";

/** POST /api/leads — being written. */
export async function leadRoutes(_app: FastifyInstance, _options: { services: Services }) {}
