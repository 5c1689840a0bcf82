import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("posts", "routes/posts.tsx"),
  route("posts/categories/:category", "routes/posts-by-nationality.tsx"),
  route("posts/users/:id", "routes/posts-by-supplier.tsx"),
  route("posts/:id", "routes/post.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
