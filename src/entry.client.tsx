import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadSupplierWords } from "./app/supplier-words";
import { isLocale } from "./shared/i18n/locales";

// A page in Bahasa Indonesia, Filipino or Burmese first loads its language's words
// (app/supplier-words.ts); the families' pages, in English or Chinese, need nothing more.
const lang = document.documentElement.lang;
const words = isLocale(lang) ? loadSupplierWords(lang) : Promise.resolve();

// Hydration starts in a task of its own, after the modules have been evaluated: on a slow phone
// the two together blocked the page for one long stretch.
void words.finally(() =>
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  }),
);
