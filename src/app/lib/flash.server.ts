import { redirect, type AppLoadContext } from "react-router";

/** A redirect to `to` whose page confirms, once, what was just done (components/flash-message). */
export async function redirectWithMessage(context: AppLoadContext, to: string, text: string): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await context.flash.write(text, to) } });
}
