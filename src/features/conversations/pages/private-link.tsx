import { data, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { keyCookie } from "./refusals.server";
import type { Route } from "./+types/private-link";

export const policy = pagePolicy.personal({ noCrawl: true });

/** The private link from the e-mail: this browser keeps its key and shows the family's conversations. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const family = await context.services.conversations.familyByKey(params.key);
  if (!family) throw data("This link does not open any conversation (it may have been replaced by a newer one).", { status: 404 });
  return redirect("/messages", { headers: { "Set-Cookie": keyCookie(params.key, context) } });
}

export default function PrivateLink() {
  return null;
}
