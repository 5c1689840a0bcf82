/**
 * Whether the production build (build/ or BUILD_DIR, and dist/server.js) is there and newer than
 * everything it is made from. `npm test` builds only when it is not (build-when-stale.mjs), and
 * the page and server tests say when they run an older one (tests/support/build.ts).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What the build is made from, besides the installed packages (their lock file is here). */
const SOURCES = [
  "src",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/compress-assets.mjs",
];

/** The most recently changed file (or folder: a deleted file changes its folder) among `entries`. */
function newest(entries) {
  let found = { file: "", mtimeMs: 0 };
  for (const entry of entries) {
    if (!existsSync(entry)) continue;
    const stats = statSync(entry);
    if (stats.mtimeMs > found.mtimeMs) found = { file: entry, mtimeMs: stats.mtimeMs };
    if (stats.isDirectory()) {
      const inside = newest(readdirSync(entry).map((name) => path.join(entry, name)));
      if (inside.mtimeMs > found.mtimeMs) found = inside;
    }
  }
  return found;
}

export function buildState(root = process.cwd()) {
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  const outputs = [path.join(buildDir, "server/index.js"), path.resolve(root, "dist/server.js")];
  const missing = outputs.filter((file) => !existsSync(file)).map((file) => path.relative(root, file));
  if (missing.length > 0) return { buildDir, missing, newerSource: undefined };
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const source = newest(SOURCES.map((entry) => path.resolve(root, entry)));
  return { buildDir, missing, newerSource: source.mtimeMs > builtAt ? path.relative(root, source.file) : undefined };
}
