import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { representationTag } from "./compression";
import { ProblemError } from "./problem";

/*
 * Conditional requests (RFC 9110 §13, issue 41): a strong ETag on the representations a client
 * may keep (a car detail, a saved record, the OpenAPI document), `If-None-Match` answered 304, and
 * the preconditions of PUT /v1/CarDetails/{id} (`If-Match`, `If-None-Match: *`).
 *
 * A tag is the SHA-256 of the answer's bytes before any content-coding, base64url; the compression
 * middleware adds `-gzip` or `-br` inside the quotes when it encodes the answer
 * (`representationTag`), so each representation has its own strong validator (RFC 9110 §8.8.1).
 */

/** The strong entity tag of a representation's bytes (identity coding), quotes included. */
export function entityTag(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

/** The entity tags of an If-Match or If-None-Match field: `*`, or the list (weak ones marked). */
export type TagList = "*" | readonly { readonly weak: boolean; readonly tag: string }[];

/** The field parsed (RFC 9110 §8.8.3): `*` or a comma-separated list of entity tags; undefined when absent. */
export function parseTagList(field: string | undefined, header: string): TagList | undefined {
  if (field === undefined) return undefined;
  const text = field.trim();
  if (text === "*") return "*";
  const tags: { weak: boolean; tag: string }[] = [];
  const pattern = /\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/gy;
  let consumed = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index !== consumed) break;
    tags.push({ weak: match[1] !== undefined, tag: match[2] as string });
    consumed = match.index + match[0].length;
    if (consumed >= text.length) break;
  }
  if (consumed < text.length || tags.length === 0) {
    const message = `${header}: expected * or a list of entity tags ("…" or W/"…")`;
    throw new ProblemError("validation_error", message, [{ field: header, rule: "format", message }]);
  }
  return tags;
}

/** Weak comparison (RFC 9110 §8.8.3.2): the opaque tags equal, either may be weak. */
export const weakMatch = (list: TagList, tag: string): boolean =>
  list === "*" || list.some((entry) => entry.tag === tag);

/** Strong comparison: neither weak and the opaque tags equal; `tags`: every current representation's. */
export const strongMatch = (list: TagList, tags: readonly string[]): boolean =>
  list === "*" || list.some((entry) => !entry.weak && tags.includes(entry.tag));

/** A representation's tags: the identity one and the coded ones the compression middleware may send. */
export const everyCodingTag = (tag: string): string[] => [
  tag,
  tag.replace(/"$/, '-gzip"'),
  tag.replace(/"$/, '-br"'),
];

/**
 * A JSON answer with its strong ETag, or 304 Not Modified (ETag and Vary, no body) when the
 * request's If-None-Match names the representation it would get (weak comparison, RFC 9110
 * §13.1.2). `text`: the answer's bytes, serialised once; `identity`: their tag, when kept.
 */
export function conditionalJson(
  c: Context<AppEnv>,
  text: string,
  headers: Record<string, string> = {},
  identity = entityTag(text),
) {
  const selected = representationTag(c, identity, "application/json", Buffer.byteLength(text));
  const ifNoneMatch = parseTagList(c.req.header("If-None-Match"), "If-None-Match");
  if (ifNoneMatch !== undefined && weakMatch(ifNoneMatch, selected)) {
    // The compression middleware leaves a 304 alone: its ETag and Vary are set here.
    return c.body(null, 304, { ...headers, ETag: selected, Vary: "Accept-Encoding" });
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header("ETag", identity);
  return c.body(text, 200, { "Content-Type": "application/json" });
}
