import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverOnly = { group: ["**/server/**"], message: "Server code stays on the server." };
const noValidationInBrowser = {
  group: ["zod", "zod/*", "@conform-to/zod", "@conform-to/zod/*", "**/listing-query-schema"],
  message: "Validation runs on the server: import it from a loader, an action or a .server module.",
};

export default tseslint.config(
  { ignores: ["build/", "dist/", "data/", ".react-router/", "node_modules/", "src/server/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["src/app/**/*.tsx", "src/app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The browser and shared code never reach into the server.
    files: ["src/app/**", "src/shared/**"],
    ignores: ["src/app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [serverOnly] }],
    },
  },
  {
    // Components and the page libraries they use go to the browser: zod and the schemas stay
    // with the loaders and actions (docs/decisions/013), so the pages' scripts stay small.
    files: ["src/app/components/**", "src/app/lib/**"],
    ignores: ["src/app/**/*.server.ts", "src/app/lib/*-schema.ts", "src/app/lib/*-schemas.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [serverOnly, noValidationInBrowser] }],
    },
  },
  {
    // Fences between server features: one feature reaches another only through its index.ts
    // (or through the services); db/ and http/ are shared ground (docs/decisions/010).
    files: ["src/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../admin/*", "../auth/*", "../helpers/*", "../leads/*", "../media/*", "../notify/*", "../pdf/*", "../seo/*", "../suppliers/*"],
              message: "Import another feature through its index (\"../auth\"), not its insides.",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles: each module can be read (and loaded) after the ones it uses.
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
