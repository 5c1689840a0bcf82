import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, normalizePath, type Plugin } from "vite";
import { pageFonts } from "./scripts/page-fonts-plugin.ts";
import { supplierWords } from "./scripts/supplier-words-plugin.ts";

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

/**
 * Modules the browser build takes in place of others, matched once resolved:
 * - the message runtime: the browser gets the page's locale from the root route alone, so it
 *   loads a few lines in place of the runtime's locale detection (src/shared/i18n/browser-runtime.ts,
 *   decision 113);
 * - the root's error screen: its browser variant loads only when an error happens (decision 122).
 */
function browserReplacements(): Plugin {
  // As Vite writes resolved ids: forward slashes on every system.
  const file = (relative: string) => normalizePath(fileURLToPath(new URL(relative, import.meta.url)));
  const replacements = new Map([
    [file("./src/shared/i18n/compiled/runtime.js"), file("./src/shared/i18n/browser-runtime.ts")],
    [file("./src/ui/root-error-screen.tsx"), file("./src/ui/root-error-screen.browser.tsx")],
  ]);
  // How those modules are imported: only such imports are resolved here, every other goes straight on.
  const imported = /(?:^|\/)(?:runtime\.js|root-error-screen)$/;
  return {
    name: "browser-replacements",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client" || !imported.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && replacements.get(resolved.id)) ?? null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), clientChunks(), browserReplacements(), supplierWords(), pageFonts()],
  build: { assetsInlineLimit: 0 },
});
