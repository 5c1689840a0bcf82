/**
 * The suppliers' languages kept out of the families' scripts (decision 122). Paraglide compiles
 * each message into one function holding every locale's text, so the header, footer, cards and
 * error words that both sides read carried Bahasa Indonesia, Filipino and Burmese into the
 * script of every family page, where only English or Chinese is ever shown.
 *
 * In the browser build only (the server keeps the compiled messages as they are), a family
 * folder's message (scripts/message-folders.mjs) keeps its English and Chinese texts; its
 * Indonesian, Filipino and Burmese ones move to `virtual:supplier-words/<locale>`, one module per
 * language holding them all, which a page in that language loads before it renders
 * (src/app/supplier-words.ts). A message without a translation keeps its English fallback inline.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { isFamilyKey } from "./message-folders.mjs";

export const SUPPLIER_WORD_LOCALES = ["id", "fil", "my"] as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const compiled = path.join(root, "src/shared/i18n/compiled");
const runtimeModule = path.join(root, "src/app/supplier-words.ts");
const MESSAGE_MODULE = /[\\/]src[\\/]shared[\\/]i18n[\\/]compiled[\\/]messages[\\/]([a-z0-9_]+)\.js$/;
const VIRTUAL = "virtual:supplier-words/";
const RESOLVED = "\0supplier-words:";

/** A locale's own function in a compiled message module: `const id_<key> = … ;` up to the next definition. */
function definitionPattern(locale: string, key: string): RegExp {
  return new RegExp(`const ${locale}_${key} = ([\\s\\S]*?);\\n\\n(?=const |/\\*\\*)`);
}

/** The locale's function of a message, or null when the locale falls back to English (`= en_<key>`). */
export function ownText(source: string, locale: string, key: string): string | null {
  const match = definitionPattern(locale, key).exec(source);
  if (!match) return null;
  const body = match[1]!.trim();
  return body === `en_${key}` ? null : body;
}

/**
 * The message module for the browser: its English and Chinese functions as compiled, and for any
 * other locale the text from that locale's loaded module, else the English one.
 */
export function withoutSupplierWords(source: string, key: string): string {
  let code = source;
  for (const locale of SUPPLIER_WORD_LOCALES) {
    code = code.replace(definitionPattern(locale, key), "").replace(`\tif (locale === "${locale}") return ${locale}_${key}(inputs)\n`, "");
  }
  const english = `\treturn en_${key}(inputs)\n`;
  if (code.includes(`${SUPPLIER_WORD_LOCALES[0]}_${key}`) || !code.includes(english)) {
    throw new Error(`supplier-words: the compiled message ${key} is not in the expected form`);
  }
  code = code.replace(english, `\treturn supplierWord(locale, ${JSON.stringify(key)}, inputs) ?? en_${key}(inputs)\n`);
  return `import { supplierWord } from ${JSON.stringify(runtimeModule)};\n${code}`;
}

/** `virtual:supplier-words/<locale>`: every family message's text in that locale, by key. */
export function wordsModule(locale: string): string {
  const folder = path.join(compiled, "messages");
  const entries: string[] = [];
  let plural = false;
  for (const file of readdirSync(folder).sort()) {
    const key = file.replace(/\.js$/, "");
    if (!file.endsWith(".js") || !isFamilyKey(key)) continue;
    const text = ownText(readFileSync(path.join(folder, file), "utf8"), locale, key);
    if (text === null) continue;
    if (/registry\.(?!plural\()/.test(text)) throw new Error(`supplier-words: ${key} in ${locale} uses more of the registry than plural()`);
    plural ||= text.includes("registry.plural(");
    entries.push(`  ${key}: ${text},`);
  }
  // The registry's one function these texts use, written here so the module imports nothing
  // (and its loading needs no preload helper in the starter script).
  const registry = plural
    ? "const registry = { plural: (locale, input, options) => new Intl.PluralRules(locale, options).select(Number(input)) };\n"
    : "";
  return `${registry}export default {\n${entries.join("\n")}\n};\n`;
}

export function supplierWords(): Plugin {
  return {
    name: "supplier-words",
    resolveId(source) {
      if (!source.startsWith(VIRTUAL)) return null;
      const locale = source.slice(VIRTUAL.length);
      return (SUPPLIER_WORD_LOCALES as readonly string[]).includes(locale) ? RESOLVED + locale : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      // The server renders with the compiled messages as they are and never loads these.
      return this.environment.name === "client" ? wordsModule(id.slice(RESOLVED.length)) : "export default {};\n";
    },
    transform(code, id) {
      if (this.environment.name !== "client") return null;
      const key = MESSAGE_MODULE.exec(id)?.[1];
      if (!key || !isFamilyKey(key)) return null;
      return { code: withoutSupplierWords(code, key), map: null };
    },
  };
}
