/**
 * One Lighthouse run of a page (mobile preset: phone emulation, simulated slow 4G and a 4×
 * slower CPU) and the figures the page benchmark reads from it.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/** Quill's own class names: a chunk holding them carries the editor, whatever its file name. */
const EDITOR_MARKERS = ["ql-toolbar", "ql-clipboard"];

export interface Run {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Every script resource's transferSize (body and headers, as the browser received it). */
  jsTransferBytes: number;
  scripts: string[];
  /** Font files the page downloaded. */
  fonts: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** The browser of the run under way, so an interrupted benchmark can stop it. */
let runningChrome: LaunchedChrome | undefined;

export function stopRunningChrome(): void {
  runningChrome?.kill();
}

/**
 * One run in its own Chromium, as the Lighthouse command line does: nothing carries over.
 * `env`: the browser's environment beyond this process's (the fonts it has, through fontconfig).
 */
export async function lighthouseRun(chromePath: string, url: string, env: Record<string, string> = {}): Promise<Result> {
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    handleSIGINT: false,
    envVars: { ...process.env, ...env },
  });
  runningChrome = chrome;
  try {
    const answer = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    return answer.lhr;
  } finally {
    // chrome-launcher stops the browser's whole process group, by the id it started.
    chrome.kill();
    runningChrome = undefined;
  }
}

export function readRun(lhr: Result): Run {
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${lhr.finalDisplayedUrl}`);
    return value;
  };
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script");
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scripts: scripts.map((item) => item.url),
    fonts: (details?.items ?? []).filter((item) => item.resourceType === "Font").length,
  };
}

/** The body bytes the server sends for `url` to a client that accepts gzip only. */
/** What Chromium asks for, so the bytes weighed are the bytes a browser receives. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** Bytes on the wire for one URL, and the encoding the server chose. */
export function sentBytes(url: string, acceptEncoding = BROWSER_ACCEPT_ENCODING): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** File names of the build's scripts that carry the rich-text editor. */
export function editorChunks(buildDir: string): string[] {
  const assets = path.join(buildDir, "client", "assets");
  return readdirSync(assets).filter(
    (name) =>
      name.endsWith(".js") &&
      (name.includes("rich-text-editor-quill") ||
        EDITOR_MARKERS.some((marker) => readFileSync(path.join(assets, name), "utf8").includes(marker))),
  );
}
