import { KEY_QUERY } from "./authenticate";

const KEY_IN_QUERY = new RegExp(`([?&]${KEY_QUERY}=)[^&#]*`, "gi");

/** The URL path and query with the subscription key's value replaced: what logs may show. */
export function redactUrl(pathAndQuery: string): string {
  return pathAndQuery.replace(KEY_IN_QUERY, "$1[redacted]");
}
