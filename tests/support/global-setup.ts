import { existsSync } from "node:fs";
import path from "node:path";
import { browserPath } from "./browser";

export default function setup() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log("integration-postgres: skipped, TEST_DATABASE_URL is not set (the suites run on the embedded database only)");
  }
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.log(`e2e: the production build is missing in ${buildDir}; run \`npm run build\` first (npm test does)`);
  }
  if (!browserPath()) {
    console.log("e2e: skipped, no Chromium found (set CHROMIUM_PATH or install the chromium package)");
  }
}
