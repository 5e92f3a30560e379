import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../app";
import { PROBLEMS } from "../http/problem";

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

/** Every media object with an example in the document: where it is, its schema, its example. */
function examplesOf(document: Node) {
  const found: { where: string; status: number | undefined; schema: unknown; example: unknown }[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Node>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!isNode(operation)) continue;
      const places: [string, number | undefined, unknown][] = [["request", undefined, operation.requestBody]];
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Node))
        places.push([status, Number(status), response]);
      for (const [label, status, place] of places) {
        if (!isNode(place) || !isNode(place.content)) continue;
        for (const [mediaType, media] of Object.entries(place.content)) {
          if (isNode(media) && "example" in media)
            found.push({
              where: `${method.toUpperCase()} ${path} ${label} ${mediaType}`,
              status,
              schema: media.schema,
              example: media.example,
            });
        }
      }
    }
  }
  return found;
}

describe("examples of the OpenAPI document", () => {
  const document = openApiDocument("http://localhost:3000") as unknown as Node;
  const examples = examplesOf(document);
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` keywords inside them are OpenAPI's own.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi", components: document.components });
  const withRefs = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));

  it("has examples for request bodies, problems and car details", () => {
    expect(examples.length).toBeGreaterThan(30);
    expect(examples.some((e) => e.where.startsWith("POST /v1/Calculate request"))).toBe(true);
    expect(examples.some((e) => e.where.startsWith("GET /v1/CarDetails/{carDetailId} 200"))).toBe(true);
  });

  it("every example passes its schema", () => {
    const failures = examples.flatMap((e) => {
      const validate = ajv.compile(withRefs(e.schema) as object);
      return validate(e.example) ? [] : [`${e.where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(failures).toEqual([]);
  });

  it("every problem example has the status and a code of the response it illustrates", () => {
    const problems = examples.filter((e) => e.where.endsWith("application/problem+json"));
    expect(problems.length).toBeGreaterThan(20);
    for (const { where, status, example } of problems) {
      const problem = example as { status: number; code: keyof typeof PROBLEMS };
      expect(problem.status, where).toBe(status);
      expect(PROBLEMS[problem.code]?.status, where).toBe(status);
    }
  });
});
