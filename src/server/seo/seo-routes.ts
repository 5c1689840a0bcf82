import type { FastifyInstance } from "fastify";
import type { Services } from "../services";

/** /sitemap.xml and /robots.txt — being written. */
export async function seoRoutes(_app: FastifyInstance, _options: { services: Services }) {}
