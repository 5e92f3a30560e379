import type { Hono } from "hono";

/**
 * The methods that a path answers to, from the app's own routes: a path that exists under other
 * methods gets 405 with an `Allow` header rather than a 404 that suggests a wrong URL. Built once.
 */
export function allowedMethods(app: Pick<Hono, "routes">): (path: string) => string[] {
  let patterns: { regex: RegExp; method: string }[] | undefined;
  return (path) => {
    patterns ??= app.routes
      .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
      .map((route) => ({
        method: route.method,
        regex: new RegExp(
          `^${(route.path.replace(/\/$/, "") || "/")
            .split("/")
            .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
            .join("/")}/?$`,
        ),
      }));
    const methods = new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
