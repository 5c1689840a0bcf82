import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src",
  // BUILD_DIR lets a second build (a benchmark, a parallel test run) leave the main one alone.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    // Not yet: v8_middleware turns the loaders' `context` into a RouterContextProvider, and
    // v8_passThroughRequests hands loaders the raw `.data` URL; every screen reads both today.
    v8_middleware: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;
