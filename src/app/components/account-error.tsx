import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * The error screen of the account and operator pages: a 403 says whose page it is not, inside
 * the site's layout; anything else is the usual "Something went wrong".
 */
export function AccountErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = forbidden && typeof error.data === "string" ? error.data : null;
  return (
    <section className="message-screen" aria-labelledby="error-heading">
      <h1 id="error-heading">{forbidden ? "Not your page" : notFound ? "Page not found .." : "Something went wrong"}</h1>
      <p>
        {forbidden
          ? (message ?? "You may not open this page.")
          : notFound
            ? "This page does not exist."
            : "We could not show this page. Please try again in a moment."}
      </p>
      <Link className="button" to="/">
        Go Back Home
      </Link>
    </section>
  );
}
