import { route, type RouteConfig } from "@react-router/dev/routes";

// Paths are the original site's, so links shared from it keep working.
export default [
  route("privacy-policy", "features/privacy/pages/privacy-policy.tsx"),
  route("privacy/my-data", "features/privacy/pages/my-data.tsx"),
] satisfies RouteConfig;
