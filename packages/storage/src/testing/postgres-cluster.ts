import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A private PostgreSQL cluster for one test run: its own folder, port and socket; no system service. */
export interface PostgresCluster {
  readonly url: string;
  stop(): void;
}

/** The server binaries of Debian's postgresql package (newest version first), or undefined. */
export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], "bin");
}

/** A port nobody listens on now (it may be taken before it is used: see startPostgresCluster). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster with initdb + pg_ctl (about a second). As root, the server runs as the
 * `postgres` user (PostgreSQL refuses to run as root), so its folder is handed to that user.
 */
export async function startPostgresCluster(
  bin: string,
  /** Where the ports to try come from (a test gives one already taken first). */
  nextPort: () => Promise<number> = freePort,
): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartax-pg-"));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args], { stdio: "pipe" })
      : execFileSync(path.join(bin, tool), args, { stdio: "pipe" });
  if (asRoot) {
    fs.chmodSync(dir, 0o700);
    execFileSync("chown", ["postgres:postgres", dir]);
  }
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  // A port found free may be taken before the server binds it (the ephemeral range is shared with
  // every outgoing connection of the test runs beside this one): a start that fails for that is
  // tried again on another port; any other failure is thrown at once.
  const log = path.join(dir, "log");
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await nextPort();
    try {
      // fsync stays on: the durability tests kill servers, not the machine, but the settings should
      // be those of production.
      run("pg_ctl", [
        "-D",
        data,
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
        "-l",
        log,
        "-w",
        "start",
      ]);
      break;
    } catch (error) {
      const taken = fs.existsSync(log) && fs.readFileSync(log, "utf8").includes("Address already in use");
      if (!taken || attempt === 5) throw error;
      fs.rmSync(log, { force: true });
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
