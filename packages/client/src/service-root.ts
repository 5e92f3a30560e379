/**
 * Where the client's paths go: the paths of the OpenAPI document carry the version (`/v1/Calculate`),
 * while the spec's base URL of an environment includes it (`https://api.example.be/v1`). A base URL
 * ending in `/v1` (or `/v1/`) is taken as that base URL: the segment is dropped rather than called
 * twice (`/v1/v1/Calculate`). Trailing slashes go too.
 */
export function serviceRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
}
