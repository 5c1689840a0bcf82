import { spawnSync } from "node:child_process";
import { browserPath } from "./browser";
import { dropTemplates } from "./pg-templates";

export default function setup() {
  // The message functions are compiled from the catalogue (scripts/messages.mjs), not kept in git.
  const compiled = spawnSync(process.execPath, ["scripts/messages.mjs"], { stdio: "inherit" });
  if (compiled.status !== 0) throw new Error("The message catalogue did not compile");
  if (!process.env.TEST_DATABASE_URL) {
    console.log("integration-postgres: skipped, TEST_DATABASE_URL is not set (the suites run on the embedded database only)");
  }
  if (!browserPath()) {
    console.log("e2e: skipped, no Chromium found (set CHROMIUM_PATH or install the chromium package)");
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  return async () => {
    if (serverUrl) await dropTemplates(serverUrl);
  };
}
