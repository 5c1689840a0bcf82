/** What the conversation pages share on the server: who is asking, and the service's refusals as page answers. */
import { data, type AppLoadContext } from "react-router";
import { isHttpError } from "../../../ui/forms.server";

export { formRefusal } from "../../../ui/forms.server";
import { familyCookie, familyKeyFromCookies } from "../server/family-key";
import type { Credentials } from "../service";

export function credentials(request: Request, context: AppLoadContext): Credentials {
  return { key: familyKeyFromCookies(request.headers.get("cookie")), viewer: context.viewer, address: context.ip };
}

export function keyCookie(key: string, context: AppLoadContext): string {
  return familyCookie(key, { secure: context.config.publicUrl.startsWith("https:") });
}

/** A refusal from the service thrown as the page's answer (a 404 page, a 403 page). */
export async function orRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isHttpError(error)) throw data(error.message, { status: error.statusCode });
    throw error;
  }
}

/** A page whose form may be refused over a limit sends the refusal's Retry-After. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
}
