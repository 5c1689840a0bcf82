import type { FastifyInstance } from "fastify";
import type { Services } from "../services";
import type { MediaStorage } from "./storage";

/** POST /api/uploads — being written. */
export async function uploadRoutes(_app: FastifyInstance, _options: { services: Services; storage: MediaStorage }) {}
