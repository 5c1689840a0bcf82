/**
 * A PDF worker thread: takes a biodata's PDF input (the document's props) and answers its bytes.
 * The fonts are read once, when the worker starts, and the shapes of words it printed are kept
 * for its next PDFs (pdf-fonts.ts). One PDF at a time: the pool never sends a second before the
 * first is answered. Bundled as dist/pdf-worker.js beside the server (scripts/build-server.mjs).
 */
import { parentPort } from "node:worker_threads";
import type { BiodataPdfInput } from "./biodata-document";
import { loadFonts } from "./pdf-fonts";
import { renderBiodataPdf } from "./render-biodata";

export interface PdfJob {
  id: number;
  input: BiodataPdfInput;
}
export type PdfAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

const port = parentPort!;
void loadFonts();

port.on("message", async ({ id, input }: PdfJob) => {
  try {
    // The photo arrives as a Uint8Array (a message copies a Buffer as that): the renderer wants a Buffer.
    const photo = input.photo ? Buffer.from(input.photo.buffer, input.photo.byteOffset, input.photo.byteLength) : null;
    const bytes = await renderBiodataPdf({ ...input, photo });
    // The bytes move to the main thread without a copy when the Buffer owns its whole memory.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    port.postMessage({ id, bytes } satisfies PdfAnswer, whole ? [bytes.buffer as ArrayBuffer] : []);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies PdfAnswer);
  }
});
