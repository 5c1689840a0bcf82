import { useRouteLoaderData, type AppLoadContext } from "react-router";

/**
 * What the root loader gives every page (signed-in user, public configuration), declared here
 * so components read it without importing root.tsx, which imports them.
 */
export interface RootData {
  viewer: { id: string; name: string; role: "supplier" | "operator" } | null;
  config: AppLoadContext["config"];
  nonce: string;
  renderedAt: string;
  /** A confirmation of what the signed-in person just did, for this page only (FlashMessage). */
  flash: { id: string; text: string } | null;
  /** Messages from families the signed-in supplier has not read (the menu's count). */
  unreadMessages: number;
}

/** The root loader's data, from any component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}
