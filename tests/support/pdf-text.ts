/** The text of a PDF as a reader would copy it out, page by page (pdf.js, as browsers use). */
import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// pdf.js measures the standard fonts (Helvetica, …) from its own copies of their data.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

export interface PdfText {
  pages: number;
  text: string;
  pageSize: [number, number];
  /** Each page's lines from top to bottom: the pieces of text that share a baseline, joined. */
  lines: string[][];
}

export async function pdfText(bytes: Buffer): Promise<PdfText> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl })
    .promise;
  const parts: string[] = [];
  const lines: string[][] = [];
  let pageSize: [number, number] = [0, 0];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    if (n === 1) pageSize = [page.view[2]!, page.view[3]!];
    const content = await page.getTextContent();
    parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    const byBaseline = new Map<number, string[]>();
    for (const item of content.items) {
      if (!("str" in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] as number);
      byBaseline.set(y, [...(byBaseline.get(y) ?? []), item.str]);
    }
    lines.push([...byBaseline.entries()].sort(([a], [b]) => b - a).map(([, pieces]) => pieces.join(" ").replace(/\s+/g, " ").trim()));
  }
  await document.destroy();
  return { pages: document.numPages, text: parts.join("\n").replace(/\s+/g, " "), pageSize, lines };
}
