/**
 * The dependency rules of ARCHITECTURE.md, checked by dependency-cruiser in `npm test`
 * (tests/architecture/test/dependency-rules.test.ts) and by hand with `pnpm depcruise`.
 * Paths are relative to the repository root. A workspace package imported by name resolves
 * through node_modules to its build (`packages/<name>/dist/…`), or stays `@cartax/<name>` when it is
 * not built yet: each rule names both forms.
 */

/** Test files and test helpers, which may use Node and test tools. */
const TESTS = "(\\.test\\.tsx?$|/testing/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-package-imports-an-app",
      comment:
        "Apps depend on packages, never the other way: a package never imports apps/ (ARCHITECTURE.md).",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^(apps/|@cartax/(api|cli)$)" },
    },
    {
      name: "engine-imports-no-workspace-package",
      comment: "The engine depends on nothing: no other workspace package, not even in its tests.",
      severity: "error",
      from: { path: "^packages/engine/" },
      to: { path: "^(packages/(?!engine/)|apps/|tests/|bench/|@cartax/(?!engine($|/)))" },
    },
    {
      name: "engine-imports-no-node-builtin",
      comment: "The engine has no I/O and runs anywhere: no node: built-in outside its tests.",
      severity: "error",
      from: { path: "^packages/engine/src/", pathNot: TESTS },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "engine-imports-no-npm-package",
      comment:
        "The engine has no run-time dependency: no npm package outside its tests (the parameter files' zod schema serves the tests only).",
      severity: "error",
      from: { path: "^packages/engine/src/", pathNot: `${TESTS}|parameter-file\\.schema\\.ts$` },
      to: {
        dependencyTypes: [
          "npm",
          "npm-dev",
          "npm-optional",
          "npm-peer",
          "npm-bundled",
          "npm-no-pkg",
          "npm-unknown",
        ],
      },
    },
    {
      name: "engine-law-not-on-input",
      comment:
        "The engine's law layer (reading the parameter files) stands under its input layer, never on it: packages/engine/src/law/ imports nothing of packages/engine/src/input/ outside its tests.",
      severity: "error",
      from: { path: "^packages/engine/src/law/", pathNot: TESTS },
      to: { path: "^packages/engine/src/input/" },
    },
    {
      name: "storage-not-on-webhooks-or-the-service",
      comment:
        "Storage keeps rows; delivering webhooks is the service's job: packages/storage never imports @cartax/webhooks or apps/api (its webhook code included).",
      severity: "error",
      from: { path: "^packages/storage/" },
      to: { path: "^(packages/webhooks/|apps/api/|@cartax/(webhooks|api)($|/))" },
    },
    {
      name: "web-pages-only-on-the-kit",
      comment:
        "The service's pages stand on one kit: a folder of apps/api/src/web/ imports no other folder of web/ but web/kit/ (and the kit no page). The web wing's root (index.ts, the public link's page) registers and chooses pages (ARCHITECTURE.md, The service).",
      severity: "error",
      from: { path: "^apps/api/src/web/([^/]+)/" },
      to: { path: "^apps/api/src/web/[^/]+/", pathNot: "^apps/api/src/web/($1|kit)/" },
    },
    {
      name: "api-resources-apart",
      comment:
        "An operation's resource folder of apps/api/src/api/ imports no other resource's modules, only its own and the shared api/pipeline/ (which imports no resource).",
      severity: "error",
      from: { path: "^apps/api/src/api/([^/]+)/" },
      to: { path: "^apps/api/src/api/[^/]+/", pathNot: "^apps/api/src/api/($1|pipeline)/" },
    },
    {
      name: "web-not-on-api",
      comment:
        "The pages never import the operations' internals: apps/api/src/web/ imports nothing of apps/api/src/api/ (what both need is in http/ or openapi/).",
      severity: "error",
      from: { path: "^apps/api/src/web/" },
      to: { path: "^apps/api/src/api/" },
    },
  ],
  options: {
    // Follow the repository's own modules only; a package's build is a target, never a source.
    doNotFollow: { path: ["node_modules", "/dist/"] },
    exclude: { path: ["\\.turbo/"] },
    moduleSystems: ["es6", "cjs"],
    // Type-only imports count: a type from the wrong layer is a dependency on it too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: { text: { highlightFocused: false } },
  },
};
