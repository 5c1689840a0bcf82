import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FeatureRouteOptions } from "../../server/feature";
import { idParams, refusals } from "../../server/http/schemas";
import type { JobsService } from "./service";

const jobSchema = z.object({
  id: z.string(),
  cares: z.array(z.string()),
  adults: z.number(),
  childrenAges: z.array(z.number()),
  elderly: z.boolean(),
  elderlyNeeds: z.array(z.string()),
  home: z.string(),
  district: z.string(),
  languages: z.array(z.string()),
  startDate: z.string(),
  salaryMin: z.number(),
  salaryMax: z.number(),
  offDays: z.number(),
  nationalities: z.array(z.string()),
  description: z.string(),
  state: z.enum(["open", "paused", "filled", "closed", "hidden"]),
  postedAt: z.string(),
  expiresAt: z.string(),
});
const facts = "Catalogue values as slugs; no name, number or address finer than a district is ever part of a post.";

/** GET /api/jobs and /api/jobs/:id: the posts families published, as anyone reads them. */
export async function jobRoutes(fastify: FastifyInstance, { service }: FeatureRouteOptions<JobsService>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/jobs",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["jobs"],
        summary: "The job posts taking proposals now",
        description: `Newest first, at most 100. ${facts}`,
        response: { 200: z.object({ items: z.array(jobSchema) }) },
      },
    },
    async () => ({ items: await service.open() }),
  );
  app.get(
    "/api/jobs/:id",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["jobs"],
        summary: "One job post",
        description: `Its state says whether it takes proposals (open) or not (paused, filled, closed). ${facts}`,
        params: idParams,
        response: { 200: jobSchema, ...refusals(404) },
      },
    },
    async (request) => {
      const { hiddenReason: _reason, reported: _reported, ...job } = await service.find(request.params.id, request.viewer);
      return job;
    },
  );
}
