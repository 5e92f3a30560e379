import type { z } from "@hono/zod-openapi";
import type { ServiceContext } from "../../http/app-env";
import { authenticate } from "../../http/authenticate";
import { jsonBody } from "../../http/read-json-body";
import { bodyProblems, computeQuery, jsonRequest, problem, secured } from "../../openapi/responses";

/*
 * What the routes of the calculating operations (Calculate, Projection, Compare) share, beside the
 * pipeline they run: how they are called and what they may answer besides their result.
 */

/** In the Calculation tag, with a key that has calculation access, on a JSON body. */
const operation = (service: ServiceContext) => ({
  tags: ["Calculation"],
  security: secured,
  middleware: [authenticate(service, { calculation: true }), jsonBody],
});

/** The query of the calls that compute (`priceBasis`, `include`) and the operation's JSON body. */
const request = <T extends z.ZodType>(schema: T, example: unknown) => ({
  query: computeQuery,
  body: jsonRequest(schema, example),
});

/** A body's problems, and the 404 of a carDetailId that names no car of the caller's account. */
const problems = (notFound: string) => ({ ...bodyProblems, 404: problem(notFound, 404) });

/** The shared parts of a calculating operation's route: `operation`, `request`, `problems`. */
export const calculating = { operation, request, problems };
