/**
 * One biodata PDF laid out and written: the whole CPU cost of a PDF (@react-pdf's layout and
 * PDFKit's writing are JavaScript). Runs in a PDF worker (pdf-worker.ts), or on the main
 * thread when PDF_WORKERS=0.
 */
import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { withLocale } from "../../../server/i18n/request-locale";
import { BiodataDocument, type BiodataPdfInput } from "./biodata-document";
import { fontsFor, printableText } from "./pdf-fonts";

/** Lays the document out with its labels and headings in the input's language. */
export function renderBiodataPdf(input: BiodataPdfInput): Promise<Buffer> {
  return withLocale({ locale: input.locale, familyDefault: "en" }, async () => {
    const texts = printableText(input);
    // Every text of the input picks the fonts; the labels and headings are in the document's
    // language, whose letters the title has (a Chinese PDF needs Chinese letters without any
    // Chinese in what the supplier typed).
    const fontFamily = await fontsFor([texts, m.pdf_title()]);
    const element = createElement(BiodataDocument, { ...texts, fontFamily });
    // The document element's props type is the library's own; the component returns a <Document>.
    return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
  });
}
