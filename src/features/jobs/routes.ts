import { route, type RouteConfig } from "@react-router/dev/routes";

// The posts are family pages, in every family language; the supplier's under its dashboard.
export default [
  route("jobs", "features/jobs/pages/jobs.tsx"),
  route("jobs/new", "features/jobs/pages/new.tsx"),
  route("jobs/:id", "features/jobs/pages/job.tsx"),
  route("messages/jobs", "features/jobs/pages/space.tsx"),
  route("dashboard/jobs", "features/jobs/pages/fitting.tsx"),
  route("dashboard/jobs/:id", "features/jobs/pages/propose.tsx"),
  route("admin/jobs", "features/jobs/pages/admin.tsx"),
] satisfies RouteConfig;
