/**
 * `npm test`'s first step: the production build the page, browser and server tests load, made
 * when it is missing or older than its sources, and otherwise left as it is (CI builds it beside
 * the type check and the lint, just before).
 */
import { spawnSync } from "node:child_process";
import { buildState } from "./build-state.mjs";

const { missing, newerSource } = buildState();
if (missing.length === 0 && !newerSource) {
  console.log("build: up to date with its sources, not made again");
} else {
  const made = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(made.status ?? 1);
}
