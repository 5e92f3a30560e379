import { z } from "zod";

// U+0000 (PostgreSQL text cannot hold it; SQLite can, so the two databases would disagree) and a
// surrogate without its pair (not a Unicode character: stored, it comes back as U+FFFD or not at
// all, depending on the driver). Written with escapes: a literal would hold the characters themselves.
// biome-ignore lint/complexity/useRegexLiterals: a literal would hold a control character, which Biome refuses
const UNSTORABLE = new RegExp(
  "\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]",
);

/** The sentence of a `format` issue on such text (docs/contract.md, Errors: the rules vocabulary). */
export const UNSTORABLE_TEXT_MESSAGE =
  "must be Unicode text without U+0000 (NUL) and without unpaired surrogates (\\uD800-\\uDFFF)";

/**
 * Whether a string holds a character that no database of the service stores alike: U+0000 or an
 * unpaired UTF-16 surrogate. Such text is refused with rule `format` wherever it would be stored or
 * looked up, on SQLite and PostgreSQL alike.
 */
export function isUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

/** A free-text field that reaches storage: at most `max` characters, no NUL, no lone surrogate. */
export function textSchema(max: number) {
  return z
    .string()
    .max(max)
    .superRefine((value, ctx) => {
      if (isUnstorableText(value))
        ctx.addIssue({ code: "custom", message: UNSTORABLE_TEXT_MESSAGE, params: { rule: "format" } });
    });
}
