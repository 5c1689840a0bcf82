import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * `npm ci` on the oldest Node the README promises must install without engine warnings: every
 * package in the lock file has to accept that version.
 */
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8"));
const manifest = read("package.json") as { engines: { node: string } };
const lock = read("package-lock.json") as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

describe("the supported Node versions", () => {
  const floor = semver.minVersion(manifest.engines.node)!.version;

  it("are stated in the README as the floor package.json declares", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`Node ${floor.replace(/\.0$/, "")} or newer`);
  });

  it("are accepted by every installed package, so npm ci prints no engine warning", () => {
    const refusing = Object.entries(lock.packages)
      .map(([where, info]) => ({ where, version: info.version, node: Array.isArray(info.engines) ? undefined : info.engines?.node }))
      .filter(({ node }) => node !== undefined && !semver.satisfies(floor, node))
      .map(({ where, version, node }) => `${where.replace(/^.*node_modules\//, "")}@${version} wants node ${node}`);
    expect(refusing).toEqual([]);
  });
});
