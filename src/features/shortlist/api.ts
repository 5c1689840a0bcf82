import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FeatureRouteOptions } from "../../server/feature";
import { refusals } from "../../server/http/schemas";
import { familyKeyFromCookies } from "../conversations";
import type { ShortlistService } from "./service";

const listSchema = z.object({ ids: z.array(z.string()) });
const who = "The family is known by its `conversations` cookie (its space's key); a browser with no space gets 404.";

/**
 * GET and PUT /api/shortlist: the family's shortlist as its space keeps it. The shortlist's
 * script reads it on a page of a family with a space and writes it back when the family changes it.
 */
export async function shortlistRoutes(fastify: FastifyInstance, { service }: FeatureRouteOptions<ShortlistService>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/shortlist",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["shortlist"],
        summary: "The family's shortlist",
        description: `${who} The helpers' ids, in the family's order (a deleted biodata leaves the list).`,
        response: { 200: listSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { ids: await service.ids(familyKeyFromCookies(request.headers.cookie)) };
    },
  );
  app.put(
    "/api/shortlist",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["shortlist"],
        summary: "Replace the family's shortlist",
        description: `${who} At most six distinct helper ids; an id that names no biodata is left out. Answers the list as kept.`,
        body: z.object({ ids: z.array(z.string().max(64)).max(50) }),
        response: { 200: listSchema, ...refusals(400, 404) },
      },
    },
    async (request) => ({ ids: await service.save(familyKeyFromCookies(request.headers.cookie), request.body.ids) }),
  );
}
