/**
 * One biodata PDF laid out and written: the whole CPU cost of a PDF (@react-pdf's layout and
 * PDFKit's writing are JavaScript). Runs in a PDF worker (pdf-worker.ts), or on the main
 * thread when PDF_WORKERS=0.
 */
import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { BiodataDocument, type BiodataPdfInput } from "./biodata-document";
import { fontsFor, printableText } from "./pdf-fonts";

export async function renderBiodataPdf(input: BiodataPdfInput): Promise<Buffer> {
  const texts = printableText(input);
  // Every text of the input picks the fonts, the labels and headings passed in with it too.
  const fontFamily = await fontsFor(texts);
  const element = createElement(BiodataDocument, { ...texts, fontFamily });
  // The document element's props type is the library's own; the component returns a <Document>.
  return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
}
