/**
 * The pages' fonts for Chinese and Burmese (decision 116): Noto Sans SC and Noto Sans Myanmar,
 * regular and bold, as the WOFF2 files the @fontsource packages ship, cut by Unicode range so a
 * page downloads only the slices holding its letters. The plugin writes one stylesheet of
 * @font-face rules for them and puts it and the files under /assets/ with names made from their
 * content (kept a year by browsers, see static-files.ts); `virtual:page-fonts` gives the
 * stylesheet's address to the pages, which link it only when they need it (src/app/page-fonts.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * One family for both scripts (their ranges do not overlap), first in the site's font list: Chromium
 * redraws text with a face that arrives after the text was laid out only when its family comes
 * first; listed after the system's fonts, it left the letters as empty boxes. The device's own
 * fonts still come first for these letters, through each face's `local()` sources.
 */
export const SERVED_FAMILY = "Site Noto Sans SC and Myanmar";

/**
 * Regular and bold. The site's 600 headings and labels take the 700 faces (the browser picks the
 * nearest heavier weight), its 500 the 400: two weights where four would double the downloads.
 */
const WEIGHTS = [400, 700] as const;

interface Source {
  /** The device's fonts for the same letters, by full or PostScript name, regular and bold. */
  local: Record<(typeof WEIGHTS)[number], string[]>;
  /** The package's stylesheet for a weight. */
  stylesheet(weight: number): string;
  /** Which of its rules to keep (by the comment fontsource writes above each). */
  keep: RegExp;
  /**
   * The characters it is served for: each rule's range is cut to these. The slices also hold
   * Latin, symbols and emoji, which the device's fonts draw better (in colour, for emoji).
   */
  blocks: [number, number][];
}

const SOURCES: Source[] = [
  // The numbered slices are Chinese (with kana and full-width punctuation); the package's Latin,
  // Cyrillic and Vietnamese slices are left out, as the system's fonts come first for those.
  {
    local: {
      400: [
        "PingFang SC Regular",
        "PingFangSC-Regular",
        "Hiragino Sans GB W3",
        "Microsoft YaHei",
        "Noto Sans CJK SC",
        "NotoSansCJKsc-Regular",
        "Noto Sans SC",
      ],
      700: [
        "PingFang SC Semibold",
        "PingFangSC-Semibold",
        "Hiragino Sans GB W6",
        "Microsoft YaHei Bold",
        "Noto Sans CJK SC Bold",
        "NotoSansCJKsc-Bold",
        "Noto Sans SC Bold",
      ],
    },
    stylesheet: (weight) => `@fontsource/noto-sans-sc/${weight}.css`,
    keep: /^noto-sans-sc-\[\d+\]-/,
    // CJK radicals to bopomofo and strokes, CJK punctuation, kana, enclosed and compatibility
    // forms, the unified ideographs and their extensions, full-width forms (as src/shared/letters.ts).
    blocks: [
      [0x2e80, 0x2fdf],
      [0x3000, 0x33ff],
      [0x3400, 0x4dbf],
      [0x4e00, 0x9fff],
      [0xf900, 0xfaff],
      [0xfe30, 0xfe4f],
      [0xff00, 0xffef],
      [0x20000, 0x3ffff],
    ],
  },
  {
    local: {
      400: ["Noto Sans Myanmar", "NotoSansMyanmar-Regular", "Myanmar Text", "Padauk", "Padauk-Regular"],
      700: ["Noto Sans Myanmar Bold", "NotoSansMyanmar-Bold", "Myanmar Text Bold", "Padauk Bold", "Padauk-Bold"],
    },
    stylesheet: (weight) => `@fontsource/noto-sans-myanmar/${weight}.css`,
    keep: /-myanmar-\d+-normal$/,
    // Myanmar and its extensions, the joiners, and the dotted circle a lone vowel sign is drawn on.
    blocks: [
      [0x1000, 0x109f],
      [0x200c, 0x200d],
      [0x25cc, 0x25cc],
      [0xa9e0, 0xa9ff],
      [0xaa60, 0xaa7f],
      [0x116d0, 0x116ff],
    ],
  },
];

const VIRTUAL = "virtual:page-fonts";
const RESOLVED = `\0${VIRTUAL}`;

export interface Built {
  href: string;
  /** Address path (without the leading slash) to the bytes served there. */
  files: Map<string, Buffer>;
}

function shortHash(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("base64url").slice(0, 10);
}

/** A CSS unicode-range cut to the given blocks ("" when nothing is left). */
export function cutRange(range: string, blocks: [number, number][]): string {
  const kept: string[] = [];
  for (const entry of range.split(",")) {
    const match = /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(entry.trim());
    if (!match) throw new Error(`Unreadable unicode-range entry: ${entry}`);
    const from = parseInt(match[1]!, 16);
    const to = match[2] ? parseInt(match[2], 16) : from;
    for (const [start, end] of blocks) {
      const low = Math.max(from, start);
      const high = Math.min(to, end);
      if (low > high) continue;
      kept.push(low === high ? `U+${low.toString(16)}` : `U+${low.toString(16)}-${high.toString(16)}`);
    }
  }
  return kept.join(",");
}

const RULE = /\/\*\s*([^*]+?)\s*\*\/\s*@font-face\s*\{([^}]*)\}/g;

export function buildPageFonts(root: string): Built {
  const resolve = createRequire(path.join(root, "package.json")).resolve;
  const files = new Map<string, Buffer>();
  const rules: string[] = [];
  for (const source of SOURCES) {
    const before = rules.length;
    for (const weight of WEIGHTS) {
      const stylesheet = resolve(source.stylesheet(weight));
      const text = readFileSync(stylesheet, "utf8");
      for (const [, name, body] of text.matchAll(RULE)) {
        if (!source.keep.test(name!)) continue;
        const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(body!)?.[1];
        const range = /unicode-range:\s*([^;]+);/.exec(body!)?.[1];
        if (!file || !range) throw new Error(`${stylesheet}: no WOFF2 file or range in the rule ${name}`);
        const kept = cutRange(range, source.blocks);
        if (!kept) continue;
        const bytes = readFileSync(path.join(path.dirname(stylesheet), "files", file));
        const address = `assets/fonts/${file.replace(/\.woff2$/, "")}-${shortHash(bytes)}.woff2`;
        files.set(address, bytes);
        const local = source.local[weight].map((name) => `local("${name}"),`).join("");
        rules.push(
          `@font-face{font-family:"${SERVED_FAMILY}";font-style:normal;font-display:swap;font-weight:${weight};` +
            `src:${local}url(/${address}) format("woff2");unicode-range:${kept}}`,
        );
      }
    }
    if (rules.length === before) throw new Error(`No font faces in ${source.stylesheet(400)}`);
  }
  const css = `${rules.join("\n")}\n`;
  const cssPath = `assets/page-fonts-${shortHash(css)}.css`;
  files.set(cssPath, Buffer.from(css));
  return { href: `/${cssPath}`, files };
}

const TYPES: Record<string, string> = { ".css": "text/css; charset=utf-8", ".woff2": "font/woff2" };

export function pageFonts(): Plugin {
  let built: Built | undefined;
  let root = process.cwd();
  const fonts = () => (built ??= buildPageFonts(root));
  return {
    name: "page-fonts",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      return `export const PAGE_FONTS_HREF = ${JSON.stringify(fonts().href)};`;
    },
    // The browser build carries the files; the server build only needs the address.
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [fileName, source] of fonts().files) this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const bytes = request.url ? fonts().files.get(request.url.replace(/^\/|\?.*$/g, "")) : undefined;
        if (!bytes) return next();
        response.setHeader("content-type", TYPES[path.extname(request.url!)] ?? "application/octet-stream");
        response.end(bytes);
      });
    },
  };
}
