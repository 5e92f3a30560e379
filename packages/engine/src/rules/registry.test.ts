import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RULE_TABLES } from "./registry";

describe("RULE_TABLES", () => {
  it("lists every parameter table the rule modules declare, once", () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const declared: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
          for (const m of fs.readFileSync(full, "utf8").matchAll(/id: "([^"]+)"/g)) {
            if (/= parameterTable/.test(fs.readFileSync(full, "utf8"))) declared.push(m[1] ?? "");
          }
        }
      }
    };
    walk(dir);
    const registered = RULE_TABLES.map((r) => r.table.id);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...registered].sort()).toEqual([...new Set(declared)].sort());
  });
});
