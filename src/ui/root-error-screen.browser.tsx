import { lazy } from "react";

/**
 * The root's error screen in the browser, loaded when an error happens (decision 122): its code
 * and words stay out of the root chunk every page loads. Hydrating an error page, React keeps the
 * server's screen in its Suspense boundary until the module is here.
 */
export const RootErrorScreen = lazy(() => import("./site-error-screen").then((module) => ({ default: module.ErrorScreen })));
