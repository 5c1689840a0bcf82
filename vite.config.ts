import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Fewer, larger scripts for the browser. Split by default, a public page loaded fifteen small
 * files, and on a phone network each costs a round trip. Now a page loads the framework (with
 * the entry; it changes only when a package does, so browsers keep it across releases), the
 * root with what every public page shares (menu, footer, helper cards, listing), and its own
 * route module. The editor keeps its own chunk, loaded on the editor screens only.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|rolldown[\\/]runtime|[\\/]src[\\/]entry\.client\.tsx$/;
const SITE = /[\\/]src[\\/](root\.tsx|features[\\/]helpers[\\/]components[\\/]helper-listing\.tsx|ui[\\/]meta\.ts)(\?.*)?$/;

function clientChunks(): Plugin {
  return {
    name: "client-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "entry.client", test: FRAMEWORK, priority: 20 },
                  // Only what entries import statically: lazy modules (the editor) keep their own chunks.
                  { name: "root", test: SITE, priority: 10, tags: ["$initial"] },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), clientChunks()],
  build: { assetsInlineLimit: 0 },
});
