import { m } from "../shared/i18n/compiled/messages.js";
import { ErrorScreen, type ErrorWords } from "./site-error-screen";

/**
 * The screens' own error boundaries. They live apart from the error screen itself
 * (site-error-screen.tsx), which the root route imports: the biodata boundary's words would
 * otherwise travel in the script every page loads (decision 122).
 */
/**
 * A route's error boundary in its own words, read in the page's language when it is shown:
 * `export const ErrorBoundary = errorBoundary(() => ({ … }))`.
 */
export function errorBoundary(words: () => ErrorWords) {
  return function RouteErrorBoundary() {
    return <ErrorScreen words={words()} />;
  };
}

/** The account and operator screens: a 403 says whose page it is not, in the server's words. */
export const AccountErrorBoundary = errorBoundary(() => ({ useRefusalMessage: true }));

/** The biodata screens: someone else's biodata gets a plain refusal, an unknown one the 404. */
export const BiodataErrorBoundary = errorBoundary(() => ({
  forbiddenHeading: m.ui_biodata_forbidden_heading(),
  forbiddenText: m.ui_biodata_forbidden_text(),
  notFoundText: m.ui_biodata_not_found_text(),
  links: [{ to: "/dashboard", label: m.ui_your_biodata() }],
}));
