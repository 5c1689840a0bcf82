/**
 * `npm ci` warns of a peer-dependency conflict when an installed package asks for another at a
 * version the lock file does not hold: such a conflict is caught here, before anyone installs.
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

interface LockedPackage {
  version?: string;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockedPackage> };

/** The copy of `name` a package at `at` sees: its own node_modules, then each folder above. */
function resolve(at: string, name: string): LockedPackage | undefined {
  let folder = at;
  for (;;) {
    const found = lock.packages[`${folder ? `${folder}/` : ""}node_modules/${name}`];
    if (found) return found;
    if (!folder) return undefined;
    const cut = folder.lastIndexOf("/node_modules/");
    folder = cut === -1 ? "" : folder.slice(0, cut);
  }
}

describe("the lock file", () => {
  it("holds every installed package's peers at a version it accepts", () => {
    const conflicts: string[] = [];
    for (const [at, locked] of Object.entries(lock.packages)) {
      if (!at) continue;
      for (const [peer, range] of Object.entries(locked.peerDependencies ?? {})) {
        const installed = resolve(at, peer);
        if (!installed?.version) continue;
        if (!semver.satisfies(installed.version, range, { includePrerelease: true }))
          conflicts.push(`${at}@${locked.version} wants ${peer}@${range}, finds ${installed.version}`);
      }
    }
    expect(conflicts).toEqual([]);
  });
});
