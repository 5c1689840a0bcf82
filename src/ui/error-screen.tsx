import { isRouteErrorResponse, Link, useRouteError } from "react-router";

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

const DEFAULTS = {
  forbiddenHeading: "Not your page",
  forbiddenText: "You may not open this page.",
  notFoundText: "This page does not exist.",
};

export function ErrorScreen({ words = {} }: { words?: ErrorWords }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refusal = status === 403 && isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const heading =
    status === 403 ? (words.forbiddenHeading ?? DEFAULTS.forbiddenHeading) : status === 404 ? "Page not found" : "Something went wrong";
  const text =
    status === 403
      ? ((words.useRefusalMessage ? refusal : null) ?? words.forbiddenText ?? DEFAULTS.forbiddenText)
      : status === 404
        ? (words.notFoundText ?? DEFAULTS.notFoundText)
        : "We could not show this page. Please try again in a moment.";
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
          <Link className="button" to="/">
            Go Back Home
          </Link>
        </p>
      ) : (
        <Link className="button" to="/">
          Go Back Home
        </Link>
      )}
    </section>
  );
}

/** A route's error boundary in its own words: `export const ErrorBoundary = errorBoundary({ … })`. */
export function errorBoundary(words: ErrorWords) {
  return function RouteErrorBoundary() {
    return <ErrorScreen words={words} />;
  };
}

/** The account and operator screens: a 403 says whose page it is not, in the server's words. */
export const AccountErrorBoundary = errorBoundary({ useRefusalMessage: true });

/** The biodata screens: someone else's biodata gets a plain refusal, an unknown one the 404. */
export const BiodataErrorBoundary = errorBoundary({
  forbiddenHeading: "Not your biodata",
  forbiddenText: "Only the supplier who published this biodata, or an operator, may change it.",
  notFoundText: "This biodata does not exist, or it has been deleted.",
  links: [{ to: "/dashboard", label: "Your biodata" }],
});
