// Bundles the server's own code into dist/server.js, and the PDF worker's into dist/pdf-worker.js
// beside it (the server starts it from there); packages stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { server: "src/composition/main.ts", "pdf-worker": "src/features/pdf/server/pdf-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // A module the server imports only when needed (the PDF renderer, for PDF_WORKERS=0) goes in a
  // chunk of its own: bundled in, its packages would be imported at start by every process.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  logLevel: "warning",
});
