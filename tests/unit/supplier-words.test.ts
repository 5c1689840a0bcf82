import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isFamilyKey } from "../../scripts/message-folders.mjs";
import { ownText, SUPPLIER_WORD_LOCALES, withoutSupplierWords, wordsModule } from "../../scripts/supplier-words-plugin";
import { m } from "../../src/shared/i18n/compiled/messages.js";

const compiled = new URL("../../src/shared/i18n/compiled/messages/", import.meta.url);
const keys = readdirSync(compiled)
  .filter((name) => name.endsWith(".js") && name !== "_index.js")
  .map((name) => name.replace(/\.js$/, ""));
const familyKeys = keys.filter((key) => isFamilyKey(key));

/** Any placeholder a message reads answers the same value, so both versions get equal inputs. */
const inputs = new Proxy({}, { get: () => "3" }) as never;
type Message = (inputs: never, options: { locale: string }) => string;

describe("the suppliers' languages kept out of the family pages' scripts", () => {
  it("finds the family folders' messages, and leaves the supplier side's alone", () => {
    expect(familyKeys).toContain("app_footer");
    expect(familyKeys).toContain("helpers_count");
    expect(familyKeys.some((key) => key.startsWith("helpers_supplier_"))).toBe(false);
    expect(familyKeys.some((key) => key.startsWith("accounts_"))).toBe(false);
  });

  it("moves every translated text to its language's module, which says what the compiled message says", async () => {
    for (const locale of SUPPLIER_WORD_LOCALES) {
      const words = (await import(`data:text/javascript,${encodeURIComponent(wordsModule(locale))}`)) as {
        default: Record<string, (inputs: never) => string>;
      };
      let moved = 0;
      for (const key of familyKeys) {
        const source = readFileSync(new URL(`${key}.js`, compiled), "utf8");
        const own = ownText(source, locale, key);
        expect(key in words.default, `${locale} ${key}`).toBe(own !== null);
        if (own === null) continue;
        moved += 1;
        const message = (m as unknown as Record<string, Message>)[key]!;
        expect(words.default[key]!(inputs), `${locale} ${key}`).toBe(message(inputs, { locale }));
      }
      expect(moved, locale).toBeGreaterThan(20);
    }
  });

  it("leaves the browser's message modules with English and Chinese only, falling back to English", () => {
    for (const key of familyKeys) {
      const code = withoutSupplierWords(readFileSync(new URL(`${key}.js`, compiled), "utf8"), key);
      for (const locale of SUPPLIER_WORD_LOCALES) expect(code, key).not.toContain(`${locale}_${key}`);
      expect(code, key).toContain(`const zh_${key}`);
      expect(code, key).toContain(`return supplierWord(locale, "${key}", inputs) ?? en_${key}(inputs)`);
    }
    expect(withoutSupplierWords(readFileSync(new URL("app_footer.js", compiled), "utf8"), "app_footer")).not.toContain("Kaki halaman");
  });
});
