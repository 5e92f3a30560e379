import type { z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { jsonBody } from "../../http/read-json-body";
import {
  bodyProblems,
  computeQuery,
  idempotencyProblems,
  idempotentPost,
  jsonRequest,
  problem,
  secured,
} from "../../openapi/responses";

/*
 * What the routes of the calculating operations (Calculate, Projection, Compare) share, beside the
 * pipeline they run: how they are called and what they may answer besides their result.
 */

/** In the Calculation tag, with a key that has calculation access, on a JSON body; an Idempotency-Key kept. */
const operation = (service: ServiceContext) => ({
  tags: ["Calculation"],
  security: secured,
  ...idempotentPost,
  middleware: [authenticate(service, { calculation: true, idempotency: "kept" }), jsonBody],
});

/** The query of the calls that compute (`priceBasis`, `include`) and the operation's JSON body. */
const request = <T extends z.ZodType>(schema: T, example: unknown) => ({
  query: computeQuery,
  body: jsonRequest(schema, example),
});

/**
 * A body's problems, the 404 of a carDetailId that names no car of the caller's account, and the
 * Idempotency-Key's 409 and 422.
 */
const problems = (notFound: string) => ({
  ...bodyProblems,
  404: problem(notFound, 404),
  ...idempotencyProblems,
});

/** The shared parts of a calculating operation's route: `operation`, `request`, `problems`. */
export const calculating = { operation, request, problems };
