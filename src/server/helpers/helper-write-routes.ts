import type { FastifyInstance } from "fastify";
import type { Services } from "../services";

/** POST/PATCH/DELETE /api/helpers, GET /api/me/helpers — being written. */
export async function helperWriteRoutes(_app: FastifyInstance, _options: { services: Services }) {}
