import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
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
 * The browser gets the page's locale from the root route alone, so it loads a few lines in place
 * of the message runtime's locale detection (src/shared/i18n/browser-runtime.ts, decision 113).
 */
function browserMessageRuntime(): Plugin {
  const runtime = /[\\/]src[\\/]shared[\\/]i18n[\\/]compiled[\\/]runtime\.js$/;
  const replacement = fileURLToPath(new URL("./src/shared/i18n/browser-runtime.ts", import.meta.url));
  return {
    name: "browser-message-runtime",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client" || !source.endsWith("runtime.js")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && runtime.test(resolved.id) ? replacement : null;
    },
  };
}

/**
 * Modules with a browser variant beside them (`x.browser.tsx` for `x.tsx`): the client build takes
 * the variant. Today the root's error screen, loaded in the browser only when an error happens.
 */
function browserVariants(): Plugin {
  const variants = new Map([
    [fileURLToPath(new URL("./src/ui/root-error-screen.tsx", import.meta.url)), "./src/ui/root-error-screen.browser.tsx"],
  ]);
  return {
    name: "browser-variants",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.name !== "client" || !source.endsWith("root-error-screen")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const variant = resolved && variants.get(resolved.id);
      return variant ? fileURLToPath(new URL(variant, import.meta.url)) : null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), clientChunks(), browserMessageRuntime(), browserVariants(), supplierWords(), pageFonts()],
  build: { assetsInlineLimit: 0 },
});
