import { route, type RouteConfig } from "@react-router/dev/routes";

// Under the family's space, so each is a family page in every family language.
export default [
  route("messages/searches", "features/alerts/pages/save.tsx"),
  route("messages/searches/confirm/:token", "features/alerts/pages/confirm.tsx"),
  route("messages/searches/unsubscribe/:token", "features/alerts/pages/unsubscribe.tsx"),
] satisfies RouteConfig;
