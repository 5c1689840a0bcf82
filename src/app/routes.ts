import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Paths are the original site's, so links shared from it keep working.
export default [
  index("routes/home.tsx"),
  route("posts", "routes/helper-listing.tsx"),
  route("posts/categories/:category", "routes/posts-by-nationality.tsx"),
  route("posts/users/:id", "routes/posts-by-supplier.tsx"),
  route("posts/:id", "routes/helper-page.tsx"),
  route("posts/:id/edit", "routes/helper-edit.tsx"),
  route("posts/:id/delete", "routes/helper-delete.tsx"),
  route("create", "routes/helper-create.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("filters", "routes/filters.tsx"),
  route("authors", "routes/suppliers.tsx"),
  route("shortlist", "routes/shortlist.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("privacy/my-data", "routes/privacy-my-data.tsx"),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile/:id", "routes/profile.tsx"),
  route("confirm-email", "routes/confirm-email.tsx"),
  route("admin/leads", "routes/admin-leads.tsx"),
  route("admin/outbox", "routes/admin-outbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
