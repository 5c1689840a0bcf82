import { route, type RouteConfig } from "@react-router/dev/routes";

// Paths are the original site's, so links shared from it keep working.
export default [
  route("admin/helpers", "features/operator/pages/helpers.tsx"),
  route("admin/leads", "features/operator/pages/leads.tsx"),
  route("admin/outbox", "features/operator/pages/outbox.tsx"),
  route("admin/suppliers", "features/operator/pages/suppliers.tsx"),
  route("admin/ea-personnel", "features/operator/pages/ea-personnel.tsx"),
  route("admin/helper-accounts", "features/operator/pages/helper-accounts.tsx"),
  route("admin/settings", "features/operator/pages/settings.tsx"),
] satisfies RouteConfig;
