import { route, type RouteConfig } from "@react-router/dev/routes";

// Paths are the original site's, so links shared from it keep working.
export default [route("authors", "features/suppliers/pages/suppliers.tsx")] satisfies RouteConfig;
