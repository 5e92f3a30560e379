import fs from "node:fs";
import path from "node:path";
import { openStorage } from "@cartax/storage";
import { testDatabases } from "@cartax/storage/testing";
import { describe, expect, it } from "vitest";
import { runLogoCommand } from "./logo-command";

describe.each(testDatabases())("cartax logo on $dialect", (database) => {
  it.skipIf(!database.available)(
    "adds a checked PNG or SVG to the store, refuses anything else",
    async () => {
      const fresh = await database.create();
      try {
        const env = { ...fresh.env } as NodeJS.ProcessEnv;
        const dir = fresh.dataDir;
        const run = async (...args: string[]) => {
          let stdout = "";
          let stderr = "";
          const code = await runLogoCommand(
            args,
            {
              stdout: (t) => {
                stdout += t;
              },
              stderr: (t) => {
                stderr += t;
              },
              env,
            },
            dir,
          );
          return { code, stdout, stderr };
        };
        fs.writeFileSync(
          path.join(dir, "acme.svg"),
          '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
        );
        fs.writeFileSync(
          path.join(dir, "evil.svg"),
          '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>',
        );
        fs.writeFileSync(path.join(dir, "notes.txt"), "hello");
        const added = await run("add", "acme", "acme.svg");
        expect(added.code).toBe(0);
        expect(JSON.parse(added.stdout)).toMatchObject({ name: "acme", contentType: "image/svg+xml" });
        expect((await run("add", "evil", "evil.svg")).code).toBe(1);
        expect((await run("add", "txt", "notes.txt")).code).toBe(1);
        expect((await run("add", "missing", "nope.png")).code).toBe(1);
        expect((await run("add", "../x", "acme.svg")).code).toBe(2);
        expect((await run("add", "Service_QR_Code", "acme.svg")).code).toBe(2);
        expect(JSON.parse((await run("list")).stdout).map((l: { name: string }) => l.name)).toEqual(["acme"]);
        const storage = await openStorage(fresh);
        try {
          expect((await storage.qr.getLogo("acme"))?.contentType).toBe("image/svg+xml");
          expect(await storage.qr.getLogo("evil")).toBeUndefined();
        } finally {
          await storage.close();
        }
      } finally {
        await fresh.cleanup();
      }
    },
  );
});
