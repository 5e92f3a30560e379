import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { repositoryRoot } from "../repository-root";
import { BOOK_DIR, bookDrift, writeBook } from "./rule-book-files";
import { diffRules, formatRulesDiff } from "./rules-diff";
import { exportRules, normalizeSnapshot, type RulesSnapshot } from "./rules-snapshot";

export const RULES_USAGE = `usage:
  cartax rules export                    every parameter (id, description, unit, calculators, rows with
                                         sources, primarySource, confidence) as JSON, with a summary
  cartax rules diff OLD.json NEW.json    rows added, removed or changed, and the calculators to notify
                  [--json]               the diff as JSON
  cartax rules book [--check]            write the rule book into docs/rules/ (Markdown, one page per tax
                                         and region); --check only lists the files that differ (exit 1)`;

interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
}

function readSnapshot(file: string, cwd: string): RulesSnapshot {
  const data = JSON.parse(fs.readFileSync(path.resolve(cwd, file), "utf8")) as RulesSnapshot;
  if (!data || !Array.isArray(data.tables)) throw new Error(`${file} is not a rules export`);
  return normalizeSnapshot(data);
}

/** `cartax rules …`: the rule tables for analysts and operators. Exit 0, 1 (unreadable file), 2 (usage). */
export function runRulesCommand(args: readonly string[], io: Io): number {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: {
        json: { type: "boolean" };
        check: { type: "boolean" };
        help: { type: "boolean"; short: "h" };
      };
      allowPositionals: true;
      strict: true;
      args: string[];
    }>
  >;
  try {
    parsed = parseArgs({
      args: [...args],
      options: {
        json: { type: "boolean" },
        check: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.stderr(`cartax rules: ${(error as Error).message}\n${RULES_USAGE}\n`);
    return 2;
  }
  const [verb, ...files] = parsed.positionals;
  if (parsed.values.help || verb === undefined) {
    (parsed.values.help ? io.stdout : io.stderr)(`${RULES_USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  if (verb === "export" && files.length === 0) {
    io.stdout(`${JSON.stringify(exportRules(), null, 2)}\n`);
    return 0;
  }
  if (verb === "book" && files.length === 0) return bookCommand(parsed.values.check === true, io);
  if (verb === "diff" && files.length === 2) {
    let before: RulesSnapshot;
    let after: RulesSnapshot;
    try {
      before = readSnapshot(files[0] ?? "", io.cwd);
      after = readSnapshot(files[1] ?? "", io.cwd);
    } catch (error) {
      io.stderr(`cartax rules diff: ${(error as Error).message}\n`);
      return 1;
    }
    const diff = diffRules(before, after);
    io.stdout(`${parsed.values.json ? JSON.stringify(diff, null, 2) : formatRulesDiff(diff)}\n`);
    return 0;
  }
  io.stderr(`cartax rules: unexpected arguments\n${RULES_USAGE}\n`);
  return 2;
}

/** `cartax rules book [--check]`: writes docs/rules/ of the repository the command runs in. */
function bookCommand(check: boolean, io: Io): number {
  const root = repositoryRoot(io.cwd);
  if (check) {
    const drift = bookDrift(root);
    if (drift.length === 0) {
      io.stdout(`${BOOK_DIR}/ is up to date\n`);
      return 0;
    }
    io.stderr(
      `${BOOK_DIR}/ differs from the parameters and vectors in: ${drift.join(", ")}\nrun \`pnpm cartax rules book\` and commit the result\n`,
    );
    return 1;
  }
  const written = writeBook(root);
  io.stdout(`wrote ${written.length} files into ${BOOK_DIR}/\n`);
  return 0;
}
