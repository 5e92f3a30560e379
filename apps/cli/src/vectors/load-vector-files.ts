import fs from "node:fs";
import path from "node:path";
import type { Calculator } from "@cartax/engine";
import { type Vector, vectorFileSchema } from "./vector-file-schema";

export interface LoadedVector {
  readonly file: string;
  readonly calculator: Calculator;
  /** The file's region (regional calculators), null for federal ones. */
  readonly region: string | null;
  readonly vector: Vector;
}

export interface LoadResult {
  readonly vectors: readonly LoadedVector[];
  /** Files that are not valid vector files, with the reason. */
  readonly errors: readonly { readonly file: string; readonly message: string }[];
}

/** The folder of the benefit-in-kind schedules (not calculator vectors). */
const SCHEDULE_FOLDER = "bik-schedule";

function jsonFilesUnder(target: string): string[] {
  const stat = fs.statSync(target);
  if (stat.isFile()) return target.endsWith(".json") ? [target] : [];
  return (
    fs
      .readdirSync(target, { withFileTypes: true })
      // Monthly schedules have a shape of their own (test-vectors/README.md): the engine's schedule test runs them.
      .filter((entry) => !(entry.isDirectory() && entry.name === SCHEDULE_FOLDER))
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => jsonFilesUnder(path.join(target, entry.name)))
  );
}

/** Reads every `*.json` vector file under `target` (a file or a folder). */
export function loadVectorFiles(target: string): LoadResult {
  const vectors: LoadedVector[] = [];
  const errors: { file: string; message: string }[] = [];
  for (const file of jsonFilesUnder(target)) {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      errors.push({ file, message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const parsed = vectorFileSchema.safeParse(json);
    if (!parsed.success) {
      errors.push({
        file,
        message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      });
      continue;
    }
    for (const vector of parsed.data.vectors) {
      vectors.push({
        file,
        calculator: parsed.data.calculator as Calculator,
        region: parsed.data.region ?? null,
        vector,
      });
    }
  }
  return { vectors, errors };
}
