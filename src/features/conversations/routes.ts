import { route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("posts/:id/message", "features/conversations/pages/start.tsx"),
  route("posts/:id/report", "features/conversations/pages/report-helper.tsx"),
  route("messages", "features/conversations/pages/family-list.tsx"),
  route("messages/link/:key", "features/conversations/pages/private-link.tsx"),
  route("messages/sign-in/:token", "features/conversations/pages/sign-in.tsx"),
  route("messages/confirm/:token", "features/conversations/pages/confirm-email.tsx"),
  route("messages/:id", "features/conversations/pages/thread.tsx"),
  route("dashboard/messages", "features/conversations/pages/inbox.tsx"),
  route("dashboard/messages/:id", "features/conversations/pages/supplier-thread.tsx"),
  route("admin/conversations", "features/conversations/pages/all.tsx"),
] satisfies RouteConfig;
