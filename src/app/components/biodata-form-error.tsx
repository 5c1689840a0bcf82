import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { paths } from "../lib/paths";

/**
 * The error screen of the biodata screens: someone else's biodata gets a plain refusal (the
 * server refused it too), an unknown one the not-found page, anything else the usual apology.
 */
export function BiodataErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = status === 403 ? "Not your biodata" : status === 404 ? "Page not found .." : "Something went wrong";
  const text =
    status === 403
      ? "Only the supplier who published this biodata, or an operator, may change it."
      : status === 404
        ? "This biodata does not exist, or it has been deleted."
        : "We could not show this page. Please try again in a moment.";
  return (
    <section className="message-screen" aria-labelledby="error-heading">
      <h1 id="error-heading">{heading}</h1>
      <p>{text}</p>
      <p className="form-actions">
        <Link className="button" to={paths.dashboard()}>
          Your biodata
        </Link>
        <Link className="button" to="/">
          Go Back Home
        </Link>
      </p>
    </section>
  );
}
