import { ProblemError } from "./problem";

/**
 * How deep a request body may nest arrays and objects. The deepest contract body (a comparison's
 * car inside `cars`) nests four levels; a body nested thousands deep would parse but overflow the
 * stack where it is saved "as received" (JSON.stringify), a 500 instead of the client's error.
 */
export const MAX_JSON_DEPTH = 64;

/** The depth of a parsed JSON value (0 for a scalar), counted without recursion, up to `limit + 1`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== "object") continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === "object") stack.push({ node: child, depth: here });
    }
  }
  return deepest;
}

/** 400 `malformed_json` when a parsed body nests deeper than MAX_JSON_DEPTH; `where` names it. */
export function checkJsonDepth(value: unknown, where = "the body"): void {
  if (jsonDepth(value) > MAX_JSON_DEPTH)
    throw new ProblemError(
      "malformed_json",
      `${where} nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels (rule maxDepth); no request of this API nests more than a few`,
    );
}
