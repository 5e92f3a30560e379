import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A legislative test vector of test-vectors/ (expected values from the law or a publication). */
export interface Vector {
  readonly id: string;
  readonly calculator: string;
  readonly kind: string;
  readonly source: string;
  readonly request: Record<string, unknown> & { userProfile: Record<string, unknown> };
  readonly lineYear: number;
  readonly expected: { readonly outcome: string; readonly rawValue: number };
  readonly tolerance?: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../test-vectors");

/** Every vector of the repository. */
export function loadVectors(): Vector[] {
  const vectors: Vector[] = [];
  for (const folder of fs.readdirSync(root, { withFileTypes: true })) {
    // The benefit-in-kind schedules have a shape of their own: the engine's schedule test runs them.
    if (!folder.isDirectory() || folder.name === "bik-schedule") continue;
    for (const file of fs.readdirSync(path.join(root, folder.name))) {
      if (!file.endsWith(".json")) continue;
      const data = JSON.parse(fs.readFileSync(path.join(root, folder.name, file), "utf8"));
      for (const v of data.vectors) vectors.push({ ...v, calculator: data.calculator });
    }
  }
  return vectors;
}
