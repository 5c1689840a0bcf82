// Stores Brotli (quality 11) and gzip (level 9) copies beside every script and stylesheet of
// the browser build, so the server sends them as they are: the slow, best compression is paid
// once at build time instead of a quick one on every request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|map)$/;

let files = 0;
let raw = 0;
let brotli = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = readFileSync(file);
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files += 1;
  raw += body.length;
  brotli += br.length;
}
console.log(`compressed ${files} files: ${Math.round(raw / 1024)} KiB, ${Math.round(brotli / 1024)} KiB as Brotli`);
