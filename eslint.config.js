import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import noUntranslatedText from "./eslint-rules/no-untranslated-text.js";

const noValidationInBrowser = {
  group: ["zod", "zod/*", "@conform-to/zod", "@conform-to/zod/*", "**/listing-query-schema"],
  message: "Validation runs on the server: import it from a loader, an action or a .server module.",
};

export default tseslint.config(
  {
    ignores: [
      "src/shared/i18n/compiled/",
      "project.inlang/",
      "build/",
      "dist/",
      "data/",
      ".react-router/",
      "node_modules/",
      "src/server/db/migrations/",
    ],
  },
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
    // The service worker, served as it is from the site's root.
    files: ["public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["src/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Components and the page helpers they use go to the browser: zod and the schemas stay with
    // the loaders and actions (docs/decisions/013), so the pages' scripts stay small. Which parts
    // of src/ may import which is checked by dependency-cruiser (.dependency-cruiser.cjs).
    files: ["src/ui/**", "src/app/**", "src/features/*/components/**"],
    ignores: ["src/**/*.server.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [noValidationInBrowser] }],
    },
  },
  {
    // Every word a person reads comes from the message catalogue (decision 113); the operator's
    // screens are English only (decision 119) and keep their words in their components.
    files: ["src/**/*.tsx"],
    ignores: ["src/features/operator/**", "src/features/conversations/pages/all.tsx", "src/features/*/components/operator-*.tsx"],
    plugins: { local: { rules: { "no-untranslated-text": noUntranslatedText } } },
    rules: { "local/no-untranslated-text": ["error", { allow: ["DH"] }] },
  },
);
