/**
 * Renders a page on the server. Pages carry all their data when the loaders finish, so the
 * whole document is rendered before the answer starts: the status is final and crawlers and
 * link previews get everything. The nonce lets the CSP admit React Router's inline scripts.
 */
import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type LoaderFunctionArgs,
} from "react-router";
import { preloadChineseWordsFonts } from "./app/chinese-words-fonts.server";
import { scriptsAfterPhotos } from "./app/scripts-after-photos.server";
import { SiteCssContext } from "./app/site-css";
import { siteCss } from "./app/site-css.server";
// The message functions of this build read the locale the server set for the request.
import "./server/i18n/request-locale";

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
  const rendered = await renderWhole(
    <SiteCssContext value={siteCss}>
      <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
    </SiteCssContext>,
    loadContext.nonce,
    (error, aborted) => {
      statusCode = 500;
      if (!aborted) loadContext.log.error({ err: error }, "page failed to render");
    },
  );
  // Built pages only: the development server's scripts come as they are.
  const html = preloadChineseWordsFonts(import.meta.env.PROD ? scriptsAfterPhotos(rendered) : rendered, loadContext.nonce);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers, status: statusCode });
}

/**
 * The whole document as text, once everything in it has rendered (or after the stream's time
 * limit, what could not render is left to the browser). Node's own stream of React DOM: its web
 * stream exists in Node only from React 19.2, and this site keeps to 19.1 (decision 127).
 */
function renderWhole(element: ReactNode, nonce: string | undefined, onError: (error: unknown, aborted: boolean) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    let aborted = false;
    const timer = setTimeout(() => {
      aborted = true;
      stream.abort();
    }, streamTimeout + 1000);
    const stream = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        onError(error, aborted);
      },
    });
  });
}

/** How React Router words its refusal of a form from another site (answered 400, before any action). */
const CROSS_SITE_FORM = /Aborting the action\.$/;

/**
 * A loader's or an action's error, logged as the API's are (with the request's id) instead of
 * React Router's bare console.error. What the router refuses by itself and answers 4xx (a post to
 * a page with no form, a form from another site) is the client's doing: noted, not an error.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // The router's own refusals carry the Error behind them (not in its public type).
  const cause = isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error;
  const refused = (isRouteErrorResponse(error) && error.status < 500) || (cause instanceof Error && CROSS_SITE_FORM.test(cause.message));
  if (refused) context.log.info({ err: cause }, "page request refused");
  else context.log.error({ err: cause }, "page failed");
}
