import { useLocation, useRouteLoaderData, type AppLoadContext } from "react-router";
import { localeOfPage, type FamilyLocale, type Locale } from "../shared/i18n/locales";
import type { PageLocales } from "../shared/i18n/page-locale";
import type { Role } from "../shared/roles";

/**
 * What the root loader gives every page (signed-in user, public configuration), declared here
 * so components read it without importing root.tsx, which imports them.
 */
export interface RootData {
  viewer: { id: string; name: string; role: Role; locale: string | null } | null;
  config: AppLoadContext["config"];
  nonce: string;
  renderedAt: string;
  /** A confirmation of what the signed-in person just did, for this page only (FlashMessage). */
  flash: { id: string; text: string } | null;
  /** Messages from families the signed-in supplier has not read (the menu's count). */
  unreadMessages: number;
  /**
   * A family past the gate (nobody signed in): its space is in the menu, with the messages from
   * suppliers it has not read; `live` when this browser's key opens a family whose count can be followed.
   */
  family: { unread: number; live: boolean } | null;
  /** The families' default language (decision 114): the one with the plain addresses. */
  familyDefault: FamilyLocale;
}

/** The root loader's data, from any component. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}

/**
 * The page's language, worked out from its address as the server does (decision 113), so it
 * follows every navigation without the root loader running again.
 */
export function usePageLocales(): PageLocales {
  const data = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const familyDefault = data?.familyDefault ?? "en";
  const locale: Locale = localeOfPage(pathname, data?.viewer?.locale, familyDefault);
  return { locale, familyDefault };
}
