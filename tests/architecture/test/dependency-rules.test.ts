import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const config = path.join(root, ".dependency-cruiser.cjs");
/** The root's dependency-cruiser (a root devDependency, as `pnpm depcruise` uses it). */
const depcruise = path.join(root, "node_modules/.bin/depcruise");

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string; readonly severity: string };
}

/** dependency-cruiser's command line, as `pnpm depcruise` runs it, on folders of `cwd`. */
function cruise(cwd: string, folders: readonly string[]): { violations: Violation[]; modules: number } {
  const run = spawnSync(depcruise, ["--config", config, "--output-type", "json", ...folders], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  let report: { modules: unknown[]; summary: { violations: Violation[] } };
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`depcruise did not answer JSON (exit ${run.status}): ${run.stderr}`);
  }
  return { violations: report.summary.violations, modules: report.modules.length };
}

/** The source folders of the workspace's packages and apps (their builds are targets, not sources). */
function sourceFolders(): string[] {
  return ["packages", "apps"].flatMap((group) =>
    fs
      .readdirSync(path.join(root, group))
      .flatMap((name) => ["src", "test", "scripts"].map((folder) => `${group}/${name}/${folder}`))
      .filter((folder) => fs.existsSync(path.join(root, folder))),
  );
}

/** One line per violation; a module of node_modules by its package name. */
const readable = (violations: readonly Violation[]) =>
  violations.map((v) => {
    const to = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(v.to)?.[1] ?? v.to;
    return `${v.rule.name}: ${v.from} → ${to}`;
  });

describe("the dependency rules (.dependency-cruiser.cjs)", () => {
  it("hold in packages/ and apps/: apps on packages, never back; the engine on nothing, its law layer not on its input layer; storage never on webhooks or the service; the service's pages on their kit, its resources apart, its pages off the operations", () => {
    const { violations, modules } = cruise(root, sourceFolders());
    // Hundreds of modules: the cruise saw the workspace, not an empty folder.
    expect(modules).toBeGreaterThan(300);
    expect(readable(violations)).toEqual([]);
  });

  it("each fail on a tree that breaks them (test/fixtures/repo), and only there", () => {
    const fixture = path.join(here, "fixtures/repo");
    const found = readable(cruise(fixture, ["packages", "apps"]).violations).sort();
    expect(found).toEqual(
      [
        "engine-imports-no-node-builtin: packages/engine/src/reads-a-file.ts → fs",
        "engine-imports-no-npm-package: packages/engine/src/uses-an-npm-package.ts → vitest",
        "engine-imports-no-workspace-package: packages/engine/src/uses-schemas.ts → packages/schemas/src/index.ts",
        "engine-law-not-on-input: packages/engine/src/law/reads-the-input.ts → packages/engine/src/input/vehicle.ts",
        "no-package-imports-an-app: packages/qr/src/uses-the-cli.ts → apps/cli/src/main.ts",
        "no-package-imports-an-app: packages/storage/src/uses-the-service.ts → apps/api/src/webhook-runtime.ts",
        "storage-not-on-webhooks-or-the-service: packages/storage/src/sends-webhooks.ts → packages/webhooks/src/index.ts",
        "storage-not-on-webhooks-or-the-service: packages/storage/src/uses-the-service.ts → apps/api/src/webhook-runtime.ts",
        "web-pages-only-on-the-kit: apps/api/src/web/car-page/uses-the-comparison-page.ts → apps/api/src/web/comparison-page/comparison-page.ts",
        "web-pages-only-on-the-kit: apps/api/src/web/kit/uses-a-page.ts → apps/api/src/web/car-page/uses-the-comparison-page.ts",
        "api-resources-apart: apps/api/src/api/projections/uses-comparisons.ts → apps/api/src/api/comparisons/compare.ts",
        "web-not-on-api: apps/api/src/web/rule-book/uses-an-operation.ts → apps/api/src/api/comparisons/compare.ts",
      ].sort(),
    );
  });
});
