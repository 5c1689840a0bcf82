import { browserPath } from "./browser";
import { dropTemplates } from "./pg-templates";

export default function setup() {
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
