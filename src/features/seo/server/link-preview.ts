/**
 * The picture WhatsApp, Telegram and Facebook show for a shared biodata: a 1200×630 JPEG (they
 * do not show WebP previews reliably) with the helper's photo on the left and her name, a line
 * of facts and the site's name on the right. Made from the stored photo once per version of
 * what it shows, then kept in the media storage (preview-store.ts). Each family language has
 * its own: a `/zh` page's preview says its facts in Chinese, drawn in Noto Sans SC (decision 123).
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { createRequire } from "node:module";
import sharp from "sharp";
import { labelOf } from "../../../shared/catalogue-labels";
import { formatSalary, initialsOf } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { FamilyLocale } from "../../../shared/i18n/locales";
import { withLocale } from "../../../server/i18n/request-locale";
import type { HelperRecord } from "../../../shared/helper-types";
import { mediaFileNames } from "../../../shared/media";
import type { MediaStorage } from "../../media";

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const PHOTO_WIDTH = 472; // 3:4 of the height, as the portraits are taken

export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Long names are cut into lines of about 15 characters, at most three. */
function nameLines(name: string): string[] {
  const lines: string[] = [];
  for (const word of name.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + " " + word).length <= 15) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

/** Raised when the drawing changes, so every stored preview is made again in the new look. */
const LAYOUT = 1;

/** Everything a preview shows: two biodata that agree on these get the same picture. */
export interface PreviewContent {
  locale: FamilyLocale;
  name: string;
  facts: string;
  price: string;
  siteName: string;
  photoKey: string | null;
}

/** What the preview of a biodata says in a family language: its words are the catalogue's in that language. */
export function previewContent(helper: HelperRecord, siteName: string, locale: FamilyLocale = "en"): PreviewContent {
  return withLocale({ locale, familyDefault: "en" }, () => {
    const facts = [
      labelOf("nationality", helper.nationality),
      helper.age == null ? undefined : m.seo_biodata_age({ age: helper.age }),
      labelOf("experience", helper.experience),
    ]
      .filter(Boolean)
      .join(" · ");
    const price = m.seo_preview_price({ amount: formatSalary(helper.salary) ?? "", ref: helper.ref });
    return { locale, name: helper.name, facts, price, siteName, photoKey: helper.photoKey };
  });
}

/** The fonts of each language's letters: Chinese needs Noto Sans SC, which the system may lack. */
const FONTS: Record<FamilyLocale, string> = {
  en: "DejaVu Sans, Liberation Sans, Arial, sans-serif",
  zh: "Noto Sans SC, DejaVu Sans, sans-serif",
};

let chineseFonts: Promise<void> | undefined;

/**
 * Makes Noto Sans SC (the PDF's font files, decision 116) known to the text renderer before the
 * first Chinese preview: drawing a character with a font file adds that file to the fonts the
 * SVG text then finds by name. Once per process.
 */
function loadChineseFonts(): Promise<void> {
  const require = createRequire(import.meta.url);
  chineseFonts ??= (async () => {
    for (const style of ["400Regular/NotoSansSC_400Regular", "700Bold/NotoSansSC_700Bold"]) {
      const fontfile = require.resolve(`@expo-google-fonts/noto-sans-sc/${style}.ttf`);
      await sharp({ text: { text: "字", font: "Noto Sans SC", fontfile } })
        .png()
        .toBuffer();
    }
  })();
  return chineseFonts;
}

/** The version of a preview: a new name, age, salary, photo or site name makes a new one. */
export function previewVersion(content: PreviewContent): string {
  return createHash("sha256")
    .update(JSON.stringify([LAYOUT, content]))
    .digest("base64url")
    .slice(0, 22);
}

/** The drawing's text panel as SVG (exported so a test can read the words it draws). */
export function textPanelSvg({ locale, name, facts, price, siteName }: PreviewContent): string {
  const width = PREVIEW_WIDTH - PHOTO_WIDTH;
  const lines = nameLines(name);
  const names = lines
    .map((line, i) => `<text x="56" y="${140 + i * 74}" font-size="62" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`)
    .join("");
  const below = 140 + (lines.length - 1) * 74;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${PREVIEW_HEIGHT}">
  <rect width="100%" height="100%" fill="#0f5f5a"/>
  <g font-family="${FONTS[locale]}">
    ${names}
    <text x="56" y="${below + 70}" font-size="36" fill="#d6ebe8">${escapeXml(facts)}</text>
    <text x="56" y="${below + 130}" font-size="40" font-weight="700" fill="#fde7d4">${escapeXml(price)}</text>
    <text x="56" y="${PREVIEW_HEIGHT - 56}" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(siteName)}</text>
  </g>
</svg>`;
  return svg;
}

function initialsPanel(name: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PREVIEW_HEIGHT}">
  <rect width="100%" height="100%" fill="#dcebe8"/>
  <text x="50%" y="54%" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" fill="#0a4541">${escapeXml(initialsOf(name))}</text>
</svg>`);
}

/**
 * Draws the preview. All of it runs in libvips' threads (the SVG text too), never on the event
 * loop: about 80 ms of a core, which is why it is drawn once per version and kept.
 */
export async function renderPreviewJpeg(content: PreviewContent, storage: MediaStorage): Promise<Buffer> {
  if (content.locale === "zh") await loadChineseFonts();
  let photo: Buffer | undefined;
  if (content.photoKey) {
    const stored = await storage.get(mediaFileNames(content.photoKey).full);
    if (stored) photo = await bufferOf(stored.body);
  }
  const left = photo
    ? await sharp(photo).resize(PHOTO_WIDTH, PREVIEW_HEIGHT, { fit: "cover", position: "top" }).toBuffer()
    : await sharp(initialsPanel(content.name)).png().toBuffer();
  return sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: "#0f5f5a" } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: Buffer.from(textPanelSvg(content)), left: PHOTO_WIDTH, top: 0 },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
