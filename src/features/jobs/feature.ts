/** Job posts and proposals as the site plugs them in (src/composition/features.ts). */
import { defineFeature, type FeatureGround } from "../../server/feature";
import { jobRoutes } from "./api";
import { createJobsService, type JobsNeeds } from "./service";

export const jobsFeature = defineFeature({
  name: "jobs",
  service: (ground: FeatureGround & JobsNeeds) => createJobsService(ground),
  api: jobRoutes,
  // A post says nothing of who wrote it, but it is the family's, and goes with it.
  personalTables: ["job_posts", "job_proposals"],
  tag: { name: "jobs", description: "Job posts families publish, with no name or number, and the helpers suppliers propose." },
});
