/**
 * The message catalogue: every folder named `messages/` under src/ holds one JSON file per
 * locale (`en.json` is the source), and this script composes them into one project and compiles
 * it into message functions (src/shared/i18n/compiled/, not kept in git) that the pages import.
 *
 *   node scripts/messages.mjs           compile (run by build, typecheck, dev and the tests)
 *   node scripts/messages.mjs --check   also fail on a missing, unused or misplaced key (npm run lint)
 *
 * Keys start with their folder's prefix (src/features/helpers/messages -> `helpers_`), so two
 * features never write the same key and translating one feature never touches another's files.
 * Decision 113 says why and how to add a message or a locale.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { FAMILY_FOLDERS, SUPPLIER_SIDE } from "./message-folders.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");

/** Every locale the site speaks; English is the source the others translate. */
export const LOCALES = ["en", "zh", "id", "fil", "my"];

/**
 * The prefix of a folder's keys: its feature's name, or `app`, `ui`, `shared`; a feature's
 * supplier-side words (`src/features/<name>/supplier/messages`) start with `<name>_supplier`.
 */
function prefixOf(folder) {
  const parts = relative(src, folder).split(/[\\/]/);
  if (parts[0] !== "features") return parts[0];
  return parts[2] === "supplier" ? `${parts[1]}_supplier` : parts[1];
}

function messageFolders(dir = src, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === "compiled") continue;
    const path = join(dir, entry.name);
    if (entry.name === "messages" && existsSync(join(path, "en.json"))) found.push(path);
    else messageFolders(path, found);
  }
  return found.sort();
}

const folders = messageFolders();
const project = join(root, "project.inlang");
mkdirSync(project, { recursive: true });
const settings = {
  $schema: "https://inlang.com/schema/project-settings",
  baseLocale: "en",
  locales: LOCALES,
  modules: ["./node_modules/@inlang/plugin-message-format/dist/index.js"],
  "plugin.inlang.messageFormat": { pathPattern: folders.map((folder) => `./${relative(root, folder)}/{locale}.json`) },
};
writeIfChanged(join(project, "settings.json"), JSON.stringify(settings, null, 2) + "\n");

if (process.argv.includes("--check")) {
  const problems = check(folders);
  if (problems.length > 0) {
    console.error(`Message catalogue: ${problems.length} problem(s)\n` + problems.map((p) => `  ${p}`).join("\n"));
    process.exit(1);
  }
}

// Compiling takes seconds and build, typecheck, lint and the tests each ask for it: the functions
// are compiled again only when the catalogue, the compiler or this script changed since.
const outdir = join(src, "shared/i18n/compiled");
const stamp = join(outdir, ".catalogue-fingerprint");
const fingerprint = catalogueFingerprint(folders, settings);
const compiled = ["messages.js", "runtime.js", "server.js"].every((file) => existsSync(join(outdir, file)));
if (compiled && existsSync(stamp) && readFileSync(stamp, "utf8") === fingerprint) process.exit(0);

const { compile } = await import("@inlang/paraglide-js");
await compile({
  project: "./project.inlang",
  outdir: "./src/shared/i18n/compiled",
  // The page says which locale it is in: the server per request, the browser once per page
  // (src/shared/i18n/locale-runtime.ts); no cookie, no guessing from the browser.
  strategy: ["globalVariable", "baseLocale"],
  emitGitIgnore: false,
  emitReadme: false,
  emitPrettierIgnore: false,
  emitTsDeclarations: true,
});
writeFileSync(stamp, fingerprint);
// The project loader leaves a timer behind; nothing else is pending once the files are written.
process.exit(0);

/** What the compiled functions are made from: every locale file, the settings, the compiler and this script. */
function catalogueFingerprint(list, projectSettings) {
  const hash = createHash("sha256");
  const compiler = ["@inlang/paraglide-js", "@inlang/plugin-message-format"].map(
    (name) => JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version,
  );
  hash.update(JSON.stringify({ compiler, projectSettings }));
  for (const script of ["messages.mjs", "message-folders.mjs"]) hash.update(readFileSync(join(root, "scripts", script)));
  for (const folder of list) {
    for (const file of readdirSync(folder).sort()) {
      hash.update(`\0${relative(root, join(folder, file))}\0`);
      hash.update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest("hex");
}

/** Leaves a file alone when it already says this, so a second run beside the first reads it whole. */
function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return;
  writeFileSync(file, content);
}

/** Missing and unused keys, keys outside their folder's prefix, placeholders that differ. */
function check(list) {
  const problems = [];
  const sources = readSources(join(src));
  for (const folder of list) {
    const where = relative(root, folder);
    const prefix = prefixOf(folder) + "_";
    const english = readJson(join(folder, "en.json"));
    const readers = readersOf(folder);
    for (const key of Object.keys(english)) {
      if (key === "$schema") continue;
      if (!key.startsWith(prefix)) problems.push(`${where}/en.json: "${key}" should start with "${prefix}"`);
      else if (!prefix.endsWith("_supplier_") && key.startsWith(`${prefix}supplier_`)) {
        problems.push(`${where}/en.json: "${key}" belongs in the feature's supplier/messages folder`);
      }
      if (!sources.has(key)) problems.push(`${where}/en.json: "${key}" is used nowhere in src/`);
    }
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const file = join(folder, `${locale}.json`);
      const translated = existsSync(file) ? readJson(file) : {};
      for (const key of Object.keys(translated)) {
        if (key !== "$schema" && !(key in english)) problems.push(`${where}/${locale}.json: "${key}" is not in en.json`);
      }
      if (!readers.includes(locale)) continue;
      for (const key of Object.keys(english)) {
        if (key === "$schema") continue;
        if (!(key in translated)) problems.push(`${where}/${locale}.json: "${key}" is missing`);
        else if (placeholders(english[key]) !== placeholders(translated[key])) {
          problems.push(`${where}/${locale}.json: "${key}" has other placeholders than in English`);
        }
      }
    }
  }
  return problems;
}

/**
 * The locales a folder must be complete in: English, Chinese where families read it (below), and
 * any other locale whose file is there (a translation is whole or not started).
 */
function readersOf(folder) {
  const locales = new Set(["en"]);
  const where = relative(root, folder) + "/";
  if (FAMILY_FOLDERS.test(where) && !SUPPLIER_SIDE.test(where)) locales.add("zh");
  for (const locale of LOCALES) if (existsSync(join(folder, `${locale}.json`))) locales.add(locale);
  return [...locales];
}

function placeholders(value) {
  const text = JSON.stringify(value);
  return [...new Set(text.match(/\{[a-zA-Z_][a-zA-Z0-9_]*\}/g) ?? [])].sort().join(",");
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${relative(root, file)}: ${error.message}`, { cause: error });
  }
}

/** Every word `m.<key>` written in a source file. */
function readSources(dir, keys = new Set()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "compiled" && entry.name !== "messages") readSources(path, keys);
    } else if (/\.(ts|tsx)$/.test(entry.name)) {
      for (const match of readFileSync(path, "utf8").matchAll(/\bm\.([a-z][a-z0-9_]*)/g)) keys.add(match[1]);
    }
  }
  return keys;
}
