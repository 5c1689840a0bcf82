// Bundles the server's own code into dist/server.js, and the PDF worker's into dist/pdf-worker.js
// beside it (the server starts it from there); packages stay in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { server: "src/server/main.ts", "pdf-worker": "src/features/pdf/server/pdf-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
