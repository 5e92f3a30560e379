import { RULES_VERSION } from "@cartax/engine";
import { openStorage } from "@cartax/storage";
import { testDatabases } from "@cartax/storage/testing";
import { describe, expect, it } from "vitest";
import { compareRulesVersions } from "./rules-notice-check";
import { startTestService } from "./testing/test-service";

const sqlite = testDatabases().find((d) => d.dialect === "sqlite");

describe("the rules-change notice at start-up", () => {
  const warnings = (logs: string[]) =>
    logs.map((line) => JSON.parse(line)).filter((line) => line.level === 40 && line.notifiedRulesVersion);

  it("warns while the running rules are newer than the last notified version, not after the notice", async () => {
    if (!sqlite) throw new Error("no SQLite test database");
    const database = await sqlite.create();
    try {
      const storage = await openStorage(database);
      await storage.rulesNotices.record("2026.11.4");
      await storage.close();
      const stale = await startTestService(sqlite, { database });
      await stale.stop();
      expect(warnings(stale.logs)).toEqual([
        expect.objectContaining({ rulesVersion: RULES_VERSION, notifiedRulesVersion: "2026.11.4" }),
      ]);
      expect(warnings(stale.logs)[0].msg).toContain("cartax notify --rules");

      const again = await openStorage(database);
      await again.rulesNotices.record(RULES_VERSION);
      await again.close();
      const current = await startTestService(sqlite, { database });
      await current.stop();
      expect(warnings(current.logs)).toEqual([]);
    } finally {
      await database.cleanup();
    }
  });

  it("a new database takes the running rules as notified", async () => {
    if (!sqlite) throw new Error("no SQLite test database");
    const service = await startTestService(sqlite);
    try {
      expect((await service.server.service.storage.rulesNotices.lastNotified())?.rulesVersion).toBe(
        RULES_VERSION,
      );
      expect(warnings(service.logs)).toEqual([]);
    } finally {
      await service.stop();
    }
  });

  it("orders versions part by part as numbers", () => {
    expect(compareRulesVersions("2026.11.10", "2026.11.9")).toBe(1);
    expect(compareRulesVersions("2026.11.5", "2026.11.5")).toBe(0);
    expect(compareRulesVersions("2026.9.0", "2026.11.0")).toBe(-1);
  });
});
