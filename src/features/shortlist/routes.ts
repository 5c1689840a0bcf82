import { route, type RouteConfig } from "@react-router/dev/routes";

// Paths are the original site's, so links shared from it keep working.
export default [route("shortlist", "features/shortlist/pages/shortlist.tsx")] satisfies RouteConfig;
