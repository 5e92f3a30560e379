import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The version of the @cartax/engine this service runs, for the audit records: read once from the
 * engine's package.json, found beside the entry point that is loaded (the package does not export
 * its manifest), so it names the code that computes, not the version this app was built against.
 */
export const ENGINE_VERSION: string = (() => {
  const entry = createRequire(import.meta.url).resolve("@cartax/engine");
  const manifest = path.join(path.dirname(entry), "..", "package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
})();
