import { findPostgresBin, startPostgresCluster } from "./postgres-cluster";

/**
 * vitest globalSetup: makes a PostgreSQL server available to every test file of the run through
 * `CARTAX_PG_URL` (worker processes inherit it). An existing `CARTAX_PG_URL` is used as it is.
 * Without server binaries the PostgreSQL variants are skipped with a warning, except under
 * `CI=true`, where the suite must run against both databases.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.CARTAX_PG_URL) return undefined;
  const bin = findPostgresBin();
  if (!bin) {
    const message =
      "PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin): install Debian's postgresql package";
    if (process.env.CI === "true") throw new Error(`${message}; CI must test against PostgreSQL`);
    console.warn(`${message}; PostgreSQL tests are skipped.`);
    return undefined;
  }
  const cluster = await startPostgresCluster(bin);
  process.env.CARTAX_PG_URL = cluster.url;
  return () => cluster.stop();
}
