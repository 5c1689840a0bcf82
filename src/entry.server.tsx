/**
 * Renders a page on the server. Pages carry all their data when the loaders finish, so the
 * whole document is rendered before the answer starts: the status is final and crawlers and
 * link previews get everything. The nonce lets the CSP admit React Router's inline scripts.
 */
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { scriptsAfterPhotos } from "./app/scripts-after-photos.server";
import { SiteCssContext } from "./app/site-css";
import { siteCss } from "./app/site-css.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  let statusCode = status;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), streamTimeout + 1000);
  const stream = await renderToReadableStream(
    <SiteCssContext value={siteCss}>
      <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
    </SiteCssContext>,
    {
      nonce: loadContext.nonce,
      signal: abort.signal,
      onError(error: unknown) {
        statusCode = 500;
        if (!abort.signal.aborted) console.error(error);
      },
    },
  );
  await stream.allReady;
  clearTimeout(timer);
  // Built pages only: the development server's scripts come as they are.
  const rendered = await new Response(stream).text();
  const html = import.meta.env.PROD ? scriptsAfterPhotos(rendered) : rendered;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers, status: statusCode });
}
