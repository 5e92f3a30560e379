import createClient, { type Client, type Middleware } from "openapi-fetch";
import { type RetryOptions, retryingFetch } from "./retrying-fetch";
import type { components, paths } from "./schema";
import { serviceRoot } from "./service-root";

/** RFC 9457 problem details as the service sends them (`code`, `errors` of validation). */
export type Problem = components["schemas"]["ProblemDetails"];

export interface CartaxClientOptions extends RetryOptions {
  /**
   * The service's origin, e.g. `https://api.example.be`, or the spec's base URL with its version,
   * `https://api.example.be/v1` (the paths carry `/v1`; it is not called twice).
   */
  readonly baseUrl: string;
  /** The subscription key; sent as the `subscription-key` query parameter (the spec's guaranteed way). */
  readonly subscriptionKey: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  readonly fetch?: typeof fetch;
}

export type CartaxClient = Client<paths>;

/**
 * A typed client of the Cartax service (openapi-fetch over the service's OpenAPI document): every
 * path, body and answer is typed; errors come back as typed problem details in `error`, never as
 * exceptions; 429 and 5xx answers are retried as `retryingFetch` says.
 *
 * @example
 * ```ts
 * const cartax = createCartaxClient({ baseUrl: "http://127.0.0.1:3000", subscriptionKey: key });
 * const { data, error } = await cartax.POST("/v1/Calculate", { body: request });
 * if (error) console.error(error.code, error.errors);
 * else console.log(data.lines);
 * ```
 */
export function createCartaxClient(options: CartaxClientOptions): CartaxClient {
  const client = createClient<paths>({
    baseUrl: serviceRoot(options.baseUrl),
    fetch: retryingFetch(options.fetch ?? globalThis.fetch, options),
  });
  const key: Middleware = {
    onRequest({ request }) {
      const url = new URL(request.url);
      url.searchParams.set("subscription-key", options.subscriptionKey);
      return new Request(url, request);
    },
  };
  client.use(key);
  return client;
}
