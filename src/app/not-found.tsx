import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pagePolicy } from "../shared/page-policy";

export const policy = pagePolicy.personal();

export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }];

export default function NotFound() {
  return null;
}
