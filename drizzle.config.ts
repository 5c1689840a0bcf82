import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The shared tables, and each feature's own (src/features/<name>/server/tables.ts).
  schema: ["./src/server/db/schema.ts", "./src/features/*/server/tables.ts"],
  out: "./src/server/db/migrations",
});
