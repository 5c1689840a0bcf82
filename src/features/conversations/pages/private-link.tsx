import { data, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { keyCookie } from "./refusals.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import type { Route } from "./+types/private-link";

export const policy = pagePolicy.personal({ noCrawl: true });

/** The private link from the e-mail: this browser keeps its key and shows the family's conversations. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const family = await context.services.conversations.familyByKey(params.key);
  if (!family) throw data(m.conversations_link_unknown(), { status: 404 });
  return redirect(localHref("/messages"), { headers: { "Set-Cookie": keyCookie(params.key, context) } });
}

export default function PrivateLink() {
  return null;
}
