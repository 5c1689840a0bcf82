import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Paths are the original site's, so links shared from it keep working.
export default [
  index("features/helpers/pages/home.tsx"),
  route("posts", "features/helpers/pages/listing.tsx"),
  route("posts/categories/:category", "features/helpers/pages/nationality-listing.tsx"),
  route("posts/users/:id", "features/helpers/pages/supplier-listing.tsx"),
  route("posts/:id", "features/helpers/pages/biodata.tsx"),
  route("posts/:id/edit", "features/helpers/pages/edit.tsx"),
  route("posts/:id/delete", "features/helpers/pages/delete.tsx"),
  route("create", "features/helpers/pages/create.tsx"),
  route("dashboard", "features/helpers/pages/dashboard.tsx"),
] satisfies RouteConfig;
