/**
 * The root's error screen as the server renders it: in place, so an error page is whole without
 * script. The browser build takes root-error-screen.browser.tsx instead (vite.config.ts).
 */
export { ErrorScreen as RootErrorScreen } from "./site-error-screen";
