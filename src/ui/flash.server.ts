import { redirect, type AppLoadContext } from "react-router";

/**
 * A redirect to `to` whose page confirms, once and to this account only, what was just done
 * (components/flash-message). Without a session there is nobody to confirm it to.
 */
export async function redirectWithMessage(context: AppLoadContext, to: string, text: string): Promise<Response> {
  if (!context.viewer) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": await context.flash.write(text, to, context.viewer.id) } });
}
