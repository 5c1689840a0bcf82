/**
 * A listing page as the bytes sent for it: the JSON its schema wrote, and a Brotli or gzip copy
 * made the first time a client taking it asks (compressing 16 kB on every request cost more
 * than all else a cached answer does). The bytes are kept beside the page object the listing
 * cache holds, so they live exactly as long as it: a change to the listing drops the page, and
 * the next read makes a new object, which gets bytes of its own.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function compress(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  if (encoding === "gzip") return gzip(bytes, { level: 6 });
  // Quality 5 as the page cache: most of Brotli's gain for a fraction of quality 11's time.
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export class EncodedBytes {
  private readonly made: Partial<Record<Encoding, Buffer>> = {};
  private readonly making: Partial<Record<Encoding, Promise<Buffer>>> = {};

  constructor(readonly identity: Buffer) {}

  /** The bytes in this encoding: at once once made, else their making (started once, however many ask). */
  encoded(encoding: Encoding): Buffer | Promise<Buffer> {
    const made = this.made[encoding];
    if (made) return made;
    return (this.making[encoding] ??= compress(encoding, this.identity).then(
      (bytes) => {
        this.made[encoding] = bytes;
        delete this.making[encoding];
        return bytes;
      },
      (error: unknown) => {
        delete this.making[encoding];
        throw error;
      },
    ));
  }
}

/** Bytes kept by the page object they were made from (the listing cache's own). */
export class ListingBytes<Page extends object> {
  private readonly byPage = new WeakMap<Page, EncodedBytes>();

  /** The page's bytes, written by `serialize` the first time this page object is sent. */
  of(page: Page, serialize: (page: Page) => Buffer): EncodedBytes {
    let bytes = this.byPage.get(page);
    if (!bytes) {
      bytes = new EncodedBytes(serialize(page));
      this.byPage.set(page, bytes);
    }
    return bytes;
  }
}
