import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/app",
  // BUILD_DIR lets a second build (a benchmark, a parallel test run) leave the main one alone.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
