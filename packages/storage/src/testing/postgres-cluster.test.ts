import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { findPostgresBin, freePort, startPostgresCluster } from "./postgres-cluster";

const bin = findPostgresBin();

describe.skipIf(!bin)("startPostgresCluster", () => {
  it("tries another port when the one found free was taken before the server bound it", async () => {
    // A port held by another listener, as an outgoing connection or another run may hold it.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const taken = (holder.address() as net.AddressInfo).port;
    const offered: number[] = [];
    const ports = [taken];
    const nextPort = async () => {
      const port = ports.shift() ?? (await freePort());
      offered.push(port);
      return port;
    };
    try {
      const cluster = await startPostgresCluster(bin as string, nextPort);
      try {
        expect(offered[0]).toBe(taken);
        expect(offered).toHaveLength(2);
        expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${offered[1]}/postgres`);
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        const { rows } = await client.query("select 1 as one");
        await client.end();
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        cluster.stop();
      }
    } finally {
      holder.close();
    }
  }, 60_000);
});
