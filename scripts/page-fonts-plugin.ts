/**
 * The pages' fonts for Chinese and Burmese (decision 116): Noto Sans SC and Noto Sans Myanmar,
 * regular and bold, as the WOFF2 files the @fontsource packages ship, cut by Unicode range so a
 * page downloads only the slices holding its letters. The plugin writes one stylesheet of
 * @font-face rules for them and puts it and the files under /assets/ with names made from their
 * content (kept a year by browsers, see static-files.ts); `virtual:page-fonts` gives the
 * stylesheet's address to the pages, which link it only when they need it (src/app/page-fonts.ts).
 *
 * The site's own Chinese words get a stylesheet of their own (decision 125): two faces cut from
 * Noto Sans SC to exactly the letters of the Chinese catalogue and of what Intl writes in Chinese,
 * so a Chinese page whose data has no Chinese downloads one small stylesheet and two files, not
 * the twenty slices its words are spread over.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import { INTL_LOCALE } from "../src/shared/i18n/locales.ts";

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
type Weight = (typeof WEIGHTS)[number];

interface Source {
  /**
   * The device's fonts for the same letters, regular and bold. Browsers match `local()` by a
   * font's full name ("Noto Sans SC Regular") or PostScript name, not by its family's.
   */
  local: Record<Weight, string[]>;
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

/** Chinese first: the site's words subset is cut from the same font and named the same way. */
const CHINESE: Source = {
  local: {
    400: [
      "PingFang SC Regular",
      "PingFangSC-Regular",
      "Hiragino Sans GB W3",
      "Microsoft YaHei",
      "Noto Sans CJK SC Regular",
      "Noto Sans CJK SC",
      "NotoSansCJKsc-Regular",
      "Noto Sans SC Regular",
      "NotoSansSC-Regular",
    ],
    700: [
      "PingFang SC Semibold",
      "PingFangSC-Semibold",
      "Hiragino Sans GB W6",
      "Microsoft YaHei Bold",
      "Noto Sans CJK SC Bold",
      "NotoSansCJKsc-Bold",
      "Noto Sans SC Bold",
      "NotoSansSC-Bold",
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
};

const SOURCES: Source[] = [
  // The numbered slices are Chinese (with kana and full-width punctuation); the package's Latin,
  // Cyrillic and Vietnamese slices are left out, as the system's fonts come first for those.
  CHINESE,
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
  /** The slices' stylesheet: every Chinese and Burmese letter. */
  href: string;
  /** The site's Chinese words' stylesheet (decision 125). */
  chineseWordsHref: string;
  /** Its font files, regular then bold. */
  chineseWordsFiles: string[];
  /** Address path (without the leading slash) to the bytes served there. */
  files: Map<string, Buffer>;
}

function shortHash(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("base64url").slice(0, 10);
}

/** One served face: the device's fonts for these letters first, then the file at `address`. */
function faceRule(source: Source, weight: Weight, address: string, range: string): string {
  const local = source.local[weight].map((name) => `local("${name}"),`).join("");
  return (
    `@font-face{font-family:"${SERVED_FAMILY}";font-style:normal;font-display:swap;font-weight:${weight};` +
    `src:${local}url(/${address}) format("woff2");unicode-range:${range}}`
  );
}

/** A stylesheet of these rules among the files, named by its content; its address. */
function addStylesheet(files: Map<string, Buffer>, name: string, rules: string[]): string {
  const css = `${rules.join("\n")}\n`;
  const cssPath = `assets/${name}-${shortHash(css)}.css`;
  files.set(cssPath, Buffer.from(css));
  return `/${cssPath}`;
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

/** A sorted list of code points as a CSS unicode-range: runs of neighbours become one range. */
export function rangeOf(codePoints: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < codePoints.length;) {
    let j = i;
    while (j + 1 < codePoints.length && codePoints[j + 1] === codePoints[j]! + 1) j++;
    const [from, to] = [codePoints[i]!.toString(16), codePoints[j]!.toString(16)];
    parts.push(i === j ? `U+${from}` : `U+${from}-${to}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** Every file named `zh.json` in a `messages` folder under `dir`. */
function chineseCatalogues(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "zh.json" && path.basename(path.dirname(file)) === "messages")
    .map((file) => path.join(dir, file));
}

/**
 * What Intl writes in Chinese where the site formats (src/shared/format.ts): months, weekdays and
 * times of day, relative times in every unit and both directions, lists, plus digits' neighbours.
 */
function intlChinese(): string {
  const locale = INTL_LOCALE.zh;
  const out: string[] = [];
  const dateStyles: Intl.DateTimeFormatOptions[] = [
    { dateStyle: "full", timeStyle: "long" },
    { dateStyle: "medium", timeStyle: "short" },
    { day: "numeric", month: "short", year: "numeric" },
    { day: "numeric", month: "long", year: "numeric", weekday: "long" },
    { weekday: "short", hour: "numeric", minute: "2-digit" },
    { month: "long" },
    { hour: "numeric", dayPeriod: "long" },
  ];
  for (const options of dateStyles) {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "Asia/Singapore" });
    // Every month, every weekday and every hour of a year's days.
    for (let day = 0; day < 366; day += 1) {
      for (const hour of [0, 3, 6, 9, 12, 15, 18, 21]) out.push(format.format(Date.UTC(2026, 0, 1 + day, hour)));
    }
  }
  const units: Intl.RelativeTimeFormatUnit[] = ["year", "quarter", "month", "week", "day", "hour", "minute", "second"];
  for (const numeric of ["always", "auto"] as const) {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric });
    for (const unit of units) for (const value of [-2, -1, 0, 1, 2]) out.push(relative.format(value, unit));
  }
  for (const type of ["conjunction", "disjunction", "unit"] as const) {
    out.push(new Intl.ListFormat(locale, { type }).format(["a", "b", "c"]));
  }
  out.push(new Intl.NumberFormat(locale, { style: "currency", currency: "SGD" }).format(1234.5));
  return out.join("");
}

/** The letters of Chinese script the site's own words can show: sorted, without repeats. */
export function siteChineseLetters(root: string): number[] {
  let text = intlChinese();
  for (const file of chineseCatalogues(path.join(root, "src"))) text += readFileSync(file, "utf8");
  const inBlocks = (point: number) => CHINESE.blocks.some(([from, to]) => point >= from && point <= to);
  const points = new Set<number>();
  for (const letter of text) {
    const point = letter.codePointAt(0)!;
    if (inBlocks(point)) points.add(point);
  }
  return [...points].sort((a, b) => a - b);
}

/** The TrueType files decision 116 embeds in the PDF: the whole font, each weight. */
export const CHINESE_TTF: Record<Weight, string> = {
  400: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  700: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
};

/** The stylesheet of the site's Chinese words: one face a weight, cut to exactly those letters. */
async function buildChineseWords(
  root: string,
  resolve: (id: string) => string,
  files: Map<string, Buffer>,
): Promise<{ href: string; fonts: string[] }> {
  const points = siteChineseLetters(root);
  const letters = String.fromCodePoint(...points);
  const range = rangeOf(points);
  const rules: string[] = [];
  const fonts: string[] = [];
  for (const weight of WEIGHTS) {
    const bytes = await subsetFont(readFileSync(resolve(CHINESE_TTF[weight])), letters, { targetFormat: "woff2" });
    const address = `assets/fonts/noto-sans-sc-site-words-${weight}-${shortHash(bytes)}.woff2`;
    files.set(address, bytes);
    fonts.push(`/${address}`);
    rules.push(faceRule(CHINESE, weight, address, range));
  }
  return { href: addStylesheet(files, "page-fonts-zh-words", rules), fonts };
}

const RULE = /\/\*\s*([^*]+?)\s*\*\/\s*@font-face\s*\{([^}]*)\}/g;

export async function buildPageFonts(root: string): Promise<Built> {
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
        rules.push(faceRule(source, weight, address, kept));
      }
    }
    if (rules.length === before) throw new Error(`No font faces in ${source.stylesheet(400)}`);
  }
  const href = addStylesheet(files, "page-fonts", rules);
  const words = await buildChineseWords(root, resolve, files);
  return { href, chineseWordsHref: words.href, chineseWordsFiles: words.fonts, files };
}

const TYPES: Record<string, string> = { ".css": "text/css; charset=utf-8", ".woff2": "font/woff2" };

export function pageFonts(): Plugin {
  let built: Promise<Built> | undefined;
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
    async load(id) {
      if (id !== RESOLVED) return null;
      const { href, chineseWordsHref, chineseWordsFiles } = await fonts();
      return (
        `export const PAGE_FONTS_HREF = ${JSON.stringify(href)};\n` +
        `export const CHINESE_WORDS_FONTS_HREF = ${JSON.stringify(chineseWordsHref)};\n` +
        `export const CHINESE_WORDS_FONT_FILES = ${JSON.stringify(chineseWordsFiles)};`
      );
    },
    // The browser build carries the files; the server build only needs the addresses.
    async generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [fileName, source] of (await fonts()).files) this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url) return next();
        fonts().then(({ files }) => {
          const bytes = files.get(request.url!.replace(/^\/|\?.*$/g, ""));
          if (!bytes) return next();
          response.setHeader("content-type", TYPES[path.extname(request.url!)] ?? "application/octet-stream");
          response.end(bytes);
        }, next);
      });
    },
  };
}
