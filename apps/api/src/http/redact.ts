import { KEY_QUERY } from "./authenticate";

/** Anything shaped like a subscription key, wherever it appears (path, other parameters). */
const KEY_SHAPED = /ctx(?:_|%5f)(?:acc|prd)(?:_|%5f)[0-9a-z]+/gi;

/** A query parameter name as Hono decodes it before matching (`subscription%2Dkey` is the key). */
function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

/**
 * The URL path and query as logs may show them: the value of every parameter whose decoded name is
 * `subscription-key` is replaced (Hono decodes percent-encoded names, so a regex over the raw name
 * would let `?subscription%2Dkey=…` authenticate and reach the log), and any key-shaped text left
 * elsewhere is replaced as well.
 */
export function redactUrl(pathAndQuery: string): string {
  const mark = pathAndQuery.indexOf("?");
  const path = mark < 0 ? pathAndQuery : pathAndQuery.slice(0, mark);
  let out = path;
  if (mark >= 0) {
    const pairs = pathAndQuery
      .slice(mark + 1)
      .split("&")
      .map((pair) => {
        const equals = pair.indexOf("=");
        const name = equals < 0 ? pair : pair.slice(0, equals);
        return decodedName(name).toLowerCase() === KEY_QUERY ? `${name}=[redacted]` : pair;
      });
    out = `${path}?${pairs.join("&")}`;
  }
  return out.replace(KEY_SHAPED, "[redacted]");
}
