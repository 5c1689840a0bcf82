import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

/** The root loader's data (signed-in user, public configuration), from any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}
