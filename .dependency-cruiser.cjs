/**
 * The fences between the parts of src/, written as rules over folder names rather than a list of
 * features, so a new folder under src/features/ is fenced the day it is made (decision 092).
 * Type-only imports count too: a cycle through types is still a cycle.
 *
 *   shared/   code both sides run; imports nothing of the site's
 *   ui/       components and page helpers no feature owns
 *   server/   shared server ground (db, http, config, i18n, ops): imports no feature and not the root
 *   composition/   the composition root on top (main.ts, app.ts, services.ts, features.ts): puts
 *             the features and the ground together; nothing in src/ imports it
 *   features/<name>/   one feature; others reach it through index.ts (server) or components/ (pages)
 *   app/, root.tsx, routes.ts, entry.*   the site's frame: layout, route table, entries
 */
const CLIENT = "^src/(ui|app|features/[^/]+/(components|pages))/|^src/(root|entry\\.client)\\.tsx$";
const SERVER_ONLY = "^src/(server|composition)/|^src/features/[^/]+/(server/|service\\.ts$|api[^/]*\\.ts$|index\\.ts$)";
const COMPOSITION = "^src/composition/";
const FRAME = "^src/(app/|root\\.tsx$|routes\\.ts$|entry\\.(client|server)\\.tsx$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Each module can be read (and loaded) after the ones it uses.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-stays-shared",
      severity: "error",
      comment: "shared/ is code no feature owns: it uses nothing else of the site.",
      from: { path: "^src/shared/" },
      to: { path: "^src/(?!shared/)" },
    },
    {
      name: "ui-owns-no-feature",
      severity: "error",
      comment: "ui/ holds components and page helpers with no feature: it uses no feature and not the site's frame.",
      from: { path: "^src/ui/" },
      to: { path: "^src/(features|app)/|" + FRAME },
    },
    {
      name: "shared-ground-imports-no-feature",
      severity: "error",
      comment: "The server's shared ground never imports a feature or the root; the composition root puts them together.",
      from: { path: "^src/server/" },
      to: { path: "^src/(features|app|ui)/|" + FRAME + "|" + COMPOSITION },
    },
    {
      name: "the-root-stands-on-top",
      severity: "error",
      comment: "Nothing the site is made of imports the composition root: it imports them.",
      from: { path: "^src/", pathNot: COMPOSITION },
      to: { path: COMPOSITION },
    },
    {
      name: "features-keep-their-insides",
      severity: "error",
      comment: "Another feature is reached through its index.ts (server) or its components/ (pages), never its insides.",
      from: { path: "^src/features/([^/]+)/" },
      to: {
        path: "^src/features/",
        pathNot: ["^src/features/$1/", "^src/features/[^/]+/index\\.ts$", "^src/features/[^/]+/components/"],
      },
    },
    {
      name: "features-know-no-frame",
      severity: "error",
      comment: "Features do not reach into the site's frame or the composition root.",
      from: { path: "^src/features/" },
      to: { path: FRAME + "|" + COMPOSITION },
    },
    {
      name: "server-code-stays-on-the-server",
      severity: "error",
      comment: "Modules that go to the browser import server code only for its types; loaders and actions use .server modules.",
      from: { path: CLIENT, pathNot: "\\.server\\.tsx?$" },
      to: { path: SERVER_ONLY, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^src/",
    exclude: { path: "^src/server/db/migrations/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
    skipAnalysisNotInRules: true,
  },
};
