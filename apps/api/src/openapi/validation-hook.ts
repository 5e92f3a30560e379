import { fieldErrorsOf, validationProblem } from "@cartax/schemas";
import type { Hook } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../http/app-env";
import { validationError } from "../http/problem";
import { uuidParam, uuidQuery } from "../http/uuid-param";

/** The value the caller sent at a path of the validated input (undefined when absent). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The validators' issues with the value the caller sent at each path: the validation vocabulary
 * tells a missing field (`required`) from a wrong one (`type`) by it, which zod records only when
 * asked to (`reportInput`), and the validators of @hono/zod-openapi do not ask.
 */
function withInputs(error: z.ZodError, input: unknown): z.ZodError {
  const issues = error.issues.map((issue) =>
    "input" in issue ? issue : { ...issue, input: valueAt(input, issue.path) },
  );
  return { issues } as z.ZodError;
}

/**
 * The default hook of every route: a request that its route's schemas refuse becomes the
 * service's 400 problem with the existing vocabulary (`errors: [{field, rule, message}]`, rules
 * required, type, min, max, enum, format, date, uuid and the engine's cross-field rules).
 * Path and query parameters are named alone and answered as before the routes were described with
 * zod: the first invalid parameter, a repeated one as "given once", a GUID with its example.
 */
// biome-ignore lint/suspicious/noExplicitAny: the default hook serves every route, whatever its input
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (result.success) return;
  const { target, error } = result;
  const input = (result as { data?: unknown }).data;
  if (target === "param" || target === "query") {
    const first = error.issues[0];
    if (first) {
      const field = String(first.path[0] ?? "");
      const sent = valueAt(input, [field]);
      if (Array.isArray(sent)) uuidQuery(field, sent.map(String));
      const format = (first as { format?: string }).format;
      if (first.code === "invalid_format" && (format === "guid" || format === "uuid"))
        uuidParam(field, String(sent));
      throw validationError(
        validationProblem(fieldErrorsOf(withInputs({ issues: [first] } as z.ZodError, input))),
      );
    }
  }
  throw validationError(validationProblem(fieldErrorsOf(withInputs(error, input))));
};

/** The targets a route validates itself with `validated`. */
type Target = "json" | "query";

/**
 * One synchronous validation of a request part by its schema, answered by `validationHook` on
 * failure (the same 400 problem as the validators of @hono/zod-openapi give). Those validators
 * parse asynchronously (zod's async parse costs twice the sync one), read the body again through
 * Hono's cache (a second JSON.parse) and add three middlewares to the route; for the hot routes
 * (Calculate, GetTaxMatrix) that was more than the key look-up. The route's OpenAPI description
 * still documents the same schemas (see `registerDocumented`).
 */
export function validated<T extends z.ZodType>(
  c: Context<AppEnv>,
  target: Target,
  schema: T,
  value: unknown,
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) validationHook({ ...result, data: value, target } as never, c);
  return result.data as z.output<T>;
}

/** The query as @hono/zod-validator gives it to a schema: one value, or an array when repeated. */
export function queryValues(c: Context<AppEnv>): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, list] of Object.entries(c.req.queries()))
    values[name] = list.length === 1 ? (list[0] ?? "") : list;
  return values;
}
