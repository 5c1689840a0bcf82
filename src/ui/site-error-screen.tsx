import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { m } from "../shared/i18n/compiled/messages.js";
import { localHref } from "../shared/i18n/page-locale";

/**
 * The one error screen of the site. A screen that refuses (403) or misses (404) in its own words
 * says so through `errorBoundary({ ... })`; the root uses the defaults around the site's layout.
 * A 403 whose answer carries a message (the server's refusal) shows that message.
 */
export interface ErrorWords {
  forbiddenHeading?: string;
  forbiddenText?: string;
  notFoundText?: string;
  /** More ways out besides "Go Back Home" (the screen's own list, say). */
  links?: readonly { to: string; label: string }[];
  /** Whether a 403's own message (the loader's answer) replaces `forbiddenText`. */
  useRefusalMessage?: boolean;
}

export function ErrorScreen({ words = {} }: { words?: ErrorWords }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refusal = status === 403 && isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const heading =
    status === 403
      ? (words.forbiddenHeading ?? m.ui_error_forbidden_heading())
      : status === 404
        ? m.ui_error_not_found_heading()
        : m.ui_error_heading();
  const text =
    status === 403
      ? ((words.useRefusalMessage ? refusal : null) ?? words.forbiddenText ?? m.ui_error_forbidden_text())
      : status === 404
        ? (words.notFoundText ?? m.ui_error_not_found_text())
        : m.ui_error_text();
  const home = (
    <Link className="button" to={localHref("/")}>
      {m.ui_go_home()}
    </Link>
  );
  return (
    <section className="message-screen" aria-labelledby="error-heading">
      <h1 id="error-heading">{heading}</h1>
      <p>{text}</p>
      {words.links ? (
        <p className="form-actions">
          {words.links.map((link) => (
            <Link key={link.to} className="button" to={link.to}>
              {link.label}
            </Link>
          ))}
          {home}
        </p>
      ) : (
        home
      )}
    </section>
  );
}
