import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { scriptsAfterPhotos } from "../../src/app/scripts-after-photos.server";
import { inlineScriptHashes } from "../../src/server/http/page-cache";

const MODULE = `;\nimport * as route0 from "/assets/root-A.js";\nwindow.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-B.js"}};\nimport("/assets/entry.client-B.js");`;
const page = [
  "<!DOCTYPE html><html><head>",
  '<link rel="preload" as="image" href="/media/helpers/a-thumb.webp" fetchPriority="high"/>',
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/root-A.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="n0nce"/>',
  '</head><body><main><img src="/media/helpers/a-thumb.webp" fetchPriority="high"/></main>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  `<script nonce="n0nce" type="module" async="">${MODULE}</script>`,
  '<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script>',
  "</body></html>",
].join("");

describe("a page's scripts after its first photos", () => {
  const deferred = scriptsAfterPhotos(page);

  it("takes the module preloads out and keeps the module's text, unchanged, in an inert script", () => {
    expect(deferred).not.toMatch(/<link rel="modulepreload"/);
    expect(deferred).not.toMatch(/<script[^>]*type="module"/);
    expect(deferred).toContain(`<script type="text/x-deferred-module" nonce="n0nce">${MODULE}</script>`);
    // The photo's own preload and the page's other scripts stay where they were.
    expect(deferred).toContain('<link rel="preload" as="image" href="/media/helpers/a-thumb.webp" fetchPriority="high"/>');
    expect(deferred).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
  });

  it("starts them from a script with the page's nonce that lists every module once", () => {
    const loader = /<script type="text\/x-deferred-module" nonce="n0nce">[\s\S]*?<\/script><script nonce="n0nce">([\s\S]*?)<\/script>/.exec(
      deferred,
    )?.[1];
    expect(loader).toBeDefined();
    expect(loader).toContain('["/assets/entry.client-B.js","/assets/root-A.js"]');
    expect(loader).toContain('addEventListener("load"');
    expect(loader).toContain("setTimeout(start,3000)");
    expect(() => new Function(loader!)).not.toThrow();
  });

  it("lets a kept page's policy admit the module it adds, by the hash of the same text", () => {
    const moduleHash = `'sha256-${createHash("sha256").update(MODULE, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes(deferred)).toContain(moduleHash);
  });

  it("leaves a page without React Router's module script as it is", () => {
    const plain = "<!DOCTYPE html><html><body><p>Hello</p></body></html>";
    expect(scriptsAfterPhotos(plain)).toBe(plain);
  });
});
