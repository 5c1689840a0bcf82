import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { expect, it } from "vitest";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const assetsDir = path.join(buildDir, "client", "assets");

describeDb("scripts and stylesheets reach the browser compressed once, at build time", () => {
  const t = useTestApp(async () => ({
    pages: {
      build: (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild,
      clientDir: path.join(buildDir, "client"),
    },
  }));

  it("every script and stylesheet of the build has a Brotli and a gzip copy beside it", () => {
    const assets = readdirSync(assetsDir);
    const sources = assets.filter((name) => /\.(js|css)$/.test(name));
    expect(sources.length).toBeGreaterThan(0);
    for (const name of sources) {
      expect(assets, name).toContain(`${name}.br`);
      expect(assets, name).toContain(`${name}.gz`);
    }
  });

  it("a browser gets the stored Brotli or gzip bytes it accepts, kept a year, varying by Accept-Encoding", async () => {
    const scripts = readdirSync(assetsDir).filter((name) => name.endsWith(".js"));
    const script = scripts.sort((a, b) => statSync(path.join(assetsDir, b)).size - statSync(path.join(assetsDir, a)).size)[0]!;
    const file = path.join(assetsDir, script);
    for (const [accept, encoding, stored] of [
      ["gzip, deflate, br, zstd", "br", `${file}.br`],
      ["gzip", "gzip", `${file}.gz`],
    ] as const) {
      const response = await t.app.inject({ url: `/assets/${script}`, headers: { "accept-encoding": accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.rawPayload.equals(readFileSync(stored))).toBe(true);
    }
  });
});
