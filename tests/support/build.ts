/**
 * The production build the page, browser and server-process tests load (build/ or BUILD_DIR, and
 * dist/server.js), made once before the tests when it is missing, so the integration suites run
 * on a fresh clone without `npm run build` first. A build older than the sources is used as it
 * is, with one line saying so: rebuilding on every edit would cost each test run its time even
 * when it runs no page.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildState } from "../../scripts/build-state.mjs";

function npmRunBuild(): Promise<void> {
  // The build is for production whatever the test runner's NODE_ENV.
  const child = spawn("npm", ["run", "build"], { env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code}):\n${output}`))));
  });
}

async function ensureBuild(): Promise<void> {
  const { buildDir, missing, newerSource } = buildState();
  const relative = path.relative(process.cwd(), buildDir) || ".";
  if (missing.length > 0) {
    console.log(
      `build: ${missing.join(" and ")} missing; running npm run build once for the page and server tests (npm test builds first)`,
    );
    await npmRunBuild();
    return;
  }
  if (newerSource) {
    console.log(
      `build: ${relative}/ is older than ${newerSource}; the page and server tests run the older build (npm run build, or npm test, makes a new one)`,
    );
  }
}

const checked = Symbol.for("direct-helpers.build-checked");

/** The global setup of each suite that loads the build; the first of them in a run checks it. */
export default async function setup(): Promise<void> {
  const runner = globalThis as { [checked]?: Promise<void> };
  await (runner[checked] ??= ensureBuild());
}
