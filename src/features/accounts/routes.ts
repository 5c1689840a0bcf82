import { route, type RouteConfig } from "@react-router/dev/routes";

// Paths are the original site's, so links shared from it keep working.
export default [
  route("register", "features/accounts/pages/register.tsx"),
  route("login", "features/accounts/pages/login.tsx"),
  route("logout", "features/accounts/pages/logout.tsx"),
  route("forgot-password", "features/accounts/pages/forgot-password.tsx"),
  route("reset-password", "features/accounts/pages/reset-password.tsx"),
  route("profile/:id", "features/accounts/pages/profile.tsx"),
  route("profile/:id/delete", "features/accounts/pages/delete-account.tsx"),
  route("confirm-email", "features/accounts/pages/confirm-email.tsx"),
] satisfies RouteConfig;
