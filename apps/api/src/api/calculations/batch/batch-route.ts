import { BATCH_LIMITS } from "@cartax/schemas";
import { createRoute, z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../../http/app-env";
import { authenticate } from "../../../http/authenticate";
import { RATE_LIMIT_POLICY } from "../../../http/rate-limit";
import { calculationRequestExample } from "../../../openapi/examples";
import { computeQuery, problem, problems, secured } from "../../../openapi/responses";

/** The media type of a batch, both ways: one JSON document per line (NDJSON). */
export const NDJSON = "application/x-ndjson";

/** Accepted request types: NDJSON under its usual names (x-ndjson, ndjson, JSON Lines). */
export const NDJSON_TYPE = /^application\/(?:x-ndjson|ndjson|jsonl|x-jsonlines)\s*(?:;.*)?$/i;

/** The line limit as the descriptions and problems write it (10,000). */
export const LIMIT_TEXT = BATCH_LIMITS.maxLines.toLocaleString("en");

const exampleLines = [
  JSON.stringify(calculationRequestExample),
  JSON.stringify({
    carDetailId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    userProfile: {
      ...calculationRequestExample.userProfile,
      regionRegistration: "Wallonia",
      postalCode: 5000,
    },
    options: { registrationDate: "2025-03-01" },
  }),
  "{not json",
];

const answerExample = [
  '{"calculationId":"0b5e7c1a-57a0-4c1e-9d2e-6a0c6d5b8f11","lines":[…],"unavailableLines":[]}',
  '{"type":"/problems/not-found","title":"Not found","status":404,"code":"not_found","detail":"car detail 3fa85f64-5717-4562-b3fc-2c963f66afa6 was not found","instance":"urn:cartax:request:5f0c…","line":2}',
  '{"type":"/problems/malformed-json","title":"The body is not valid JSON","status":400,"code":"malformed_json","detail":"line 3 is not valid JSON: …","instance":"urn:cartax:request:5f0c…","line":3}',
];

export const calculateBatchRoute = (service: ServiceContext) =>
  createRoute({
    operationId: "calculateBatch",
    method: "post",
    path: "/v1/Calculate/batch",
    summary: "Run Calculate on many requests at once, streamed (NDJSON; not in the spec)",
    description: [
      `Needs calculation access. The body is NDJSON (\`Content-Type: ${NDJSON}\`): one CalculationRequest (the body of POST /v1/Calculate) per line, at most ${LIMIT_TEXT} lines, each at most 64 KiB; a final newline is optional, CRLF line endings are accepted.`,
      "The answer streams as NDJSON, one line per request line, in the order of the request: answer line i answers request line i. Each is either exactly what POST /v1/Calculate answers (the CalculationResult with its own `calculationId`, saved as an audit record like a single calculation, readable at /v1/Calculations/{calculationId}) or an RFC 9457 problem with the status a single call would have had (400, 404, 413, 429, 500) and the extension `line` (the 1-based request line it answers). A bad line fails only itself. An empty line is a `malformed_json` problem; a line longer than 64 KiB a `payload_too_large` one.",
      "An answer line is written only once its audit record is durable (records are committed in groups). Requests are read as the answers are taken: a client that reads slowly slows the reading of its body, and the service holds at most a few hundred answers per batch. Read the answer while sending the body (curl, fetch with a streamed body and @cartax/client do): a client that sends every line before reading can stall once both directions' buffers are full.",
      `More than ${LIMIT_TEXT} lines: the first ${LIMIT_TEXT} are answered, then one last problem line (\`payload_too_large\`, status 413, \`line\` ${(BATCH_LIMITS.maxLines + 1).toLocaleString("en")}) ends the answer; the rest of the body is not read. A body that is empty (no line at all), of another content type, or whose Content-Length alone exceeds what ${LIMIT_TEXT} lines can hold is refused as a whole with a problem (400, 415, 413) before any line.`,
      `Rate limit (a subscription the operator limited): a batch of N lines counts as N requests. The request itself is counted at the gate as its first line (when the window is already used up, the whole batch is refused with 429); each further line counts one more, and a line past the limit answers a \`too_many_requests\` problem line (status 429) without calculating. The RateLimit headers of the answer (\`"${RATE_LIMIT_POLICY}"\`) state the count after the first line.`,
      "A batch does not take an `Idempotency-Key` (its answer streams and is not kept): one is refused with a 400 problem naming the header (rule `notSupported`). Each line's answer is saved under its own `calculationId`; a client that must retry safely sends each request as POST /v1/Calculate with its own key.",
    ].join("\n\n"),
    tags: ["Calculation"],
    security: secured,
    middleware: [authenticate(service, { calculation: true, idempotency: "refused" })] as const,
    request: {
      query: computeQuery,
      body: {
        required: true,
        content: {
          [NDJSON]: {
            schema: z.string().openapi({
              description: "One CalculationRequest (JSON, see POST /v1/Calculate) per line.",
            }),
            example: `${exampleLines.join("\n")}\n`,
          },
        },
      },
    },
    responses: {
      200: {
        description:
          "One answer per request line, in order: a CalculationResult (as POST /v1/Calculate answers it) or a problem with `line`.",
        content: {
          [NDJSON]: {
            schema: z.string().openapi({
              description:
                "One JSON document per line: a CalculationResult, or an RFC 9457 problem with the extension `line`.",
            }),
            example: `${answerExample.join("\n")}\n`,
          },
        },
      },
      400: problem("The body is empty, or a query parameter is invalid.", 400),
      401: problems[401],
      413: problem(
        `The declared Content-Length exceeds what ${LIMIT_TEXT} lines of 64 KiB can hold (later, a last problem line says so).`,
        413,
      ),
      415: problem(`Content-Type is not ${NDJSON}.`, 415),
      429: problems[429],
      500: problems[500],
    },
  });
