// What profile.mjs and overhead.mjs read of a V8 .cpuprofile: its samples grouped by the node they
// hit, each with its stack (the leaf's frame first), the idle samples left out.
import fs from "node:fs";

/** { total: all samples, busy: [{ count, stack: callFrame[] (leaf first) }] } of one .cpuprofile. */
export function busySamples(file) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const busy = [];
  for (const [id, count] of hits) {
    if (nodes.get(id).callFrame.functionName === "(idle)") continue;
    const stack = [];
    for (let at = id; at !== undefined; at = parent.get(at)) stack.push(nodes.get(at).callFrame);
    busy.push({ count, stack });
  }
  return { total: profile.samples.length, busy };
}
