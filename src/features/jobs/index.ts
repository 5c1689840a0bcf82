/** The jobs feature as other code sees it. */
export { type JobsService } from "./service";
export { jobPosts, jobProposals } from "./server/tables";
