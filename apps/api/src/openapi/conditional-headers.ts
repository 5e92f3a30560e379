import { z } from "@hono/zod-openapi";

/*
 * The OpenAPI description of conditional requests (RFC 9110 §13; http/conditional.ts): the ETag
 * of an answer, the If-* request headers, 304 and 412.
 */

/** The ETag response header of a representation a client may keep. */
export const etagHeader = {
  ETag: {
    description:
      'Strong entity tag of this representation (`"<SHA-256 of the bytes, base64url>"`, with `-gzip` or `-br` inside the quotes when the answer is compressed). Send it back in If-None-Match (304 when unchanged) or, for a car detail, If-Match.',
    schema: { type: "string" as const },
  },
};

/** The If-None-Match header of a conditional GET. */
export const ifNoneMatchQuery = z.object({
  "If-None-Match": z
    .string()
    .optional()
    .openapi({
      param: { in: "header", required: false },
      description:
        "Entity tags (or `*`) of representations the client holds: when one matches the current one (weak comparison), the answer is 304 Not Modified, without a body.",
      example: '"q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c"',
    }),
});

/** The 304 answer of a conditional GET. */
export const notModified = {
  304: {
    description: "Not modified: the If-None-Match header names the current representation. No body.",
    headers: etagHeader,
  },
};
