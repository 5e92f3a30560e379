import type { PutPrecondition, StoredCarDetail } from "@cartax/storage";
import type { Context } from "hono";
import { entityTag, everyCodingTag, parseTagList, strongMatch, weakMatch } from "../../http/conditional";
import { ProblemError } from "../../http/problem";
import { carDetailJson } from "./car-detail-view";

/** The tags a car detail as it is now may have been read under (identity, gzip, br). */
const currentTags = (stored: StoredCarDetail) => everyCodingTag(entityTag(carDetailJson(stored)));

/**
 * The precondition of a PUT of a car detail (RFC 9110 §13.1.1, §13.1.2, evaluated in §13.2.2's
 * order): `If-Match` by strong comparison against the record as it is now (`*`: it must exist),
 * then `If-None-Match` by weak comparison (`*`: it must not exist, create only). `failed()` says
 * which header did not hold, once the store found so. Undefined: neither header was sent.
 */
export function putPrecondition(
  c: Context,
  id: string,
): { precondition: PutPrecondition; failed: () => ProblemError } | undefined {
  const ifMatch = parseTagList(c.req.header("If-Match"), "If-Match");
  const ifNoneMatch = parseTagList(c.req.header("If-None-Match"), "If-None-Match");
  if (ifMatch === undefined && ifNoneMatch === undefined) return undefined;
  let detail = `If-Match: car detail ${id} is not at a version named (another writer changed it since, or it does not exist); read it again`;
  const fail = (text: string) => {
    detail = text;
    return false;
  };
  let precondition: PutPrecondition;
  if (ifMatch === "*" && ifNoneMatch === undefined) {
    detail = `If-Match: *: there is no car detail ${id}`;
    precondition = { kind: "present" };
  } else if (ifNoneMatch === "*" && ifMatch === undefined) {
    detail = `If-None-Match: *: car detail ${id} already exists`;
    precondition = { kind: "absent" };
  } else {
    precondition = {
      kind: "current",
      holds: (current) => {
        const tags = current && currentTags(current);
        if (ifMatch !== undefined && !(tags && strongMatch(ifMatch, tags))) {
          return fail(
            tags
              ? `If-Match: car detail ${id} is not at a version named (another writer changed it since); read it again`
              : `If-Match: there is no car detail ${id}`,
          );
        }
        if (ifNoneMatch && tags?.some((tag) => weakMatch(ifNoneMatch, tag))) {
          return fail(`If-None-Match: car detail ${id} exists at a version named`);
        }
        return true;
      },
    };
  }
  return { precondition, failed: () => new ProblemError("precondition_failed", detail) };
}
