/** Where a request carries its subscription key (docs/contract.md, section 5): the query or a header. */
export const KEY_QUERY = "subscription-key";
export const KEY_HEADER = "Ocp-Apim-Subscription-Key";
