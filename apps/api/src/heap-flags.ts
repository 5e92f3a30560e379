import v8 from "node:v8";

/**
 * V8's allocation-site pretenuring, turned off for the service's process before any of its code
 * is loaded (server.ts). Pretenuring allocates the objects of an allocation site straight in the
 * old generation once enough of them have survived a young collection; the service's start (the
 * routes, their schemas, the OpenAPI document) makes such sites of code that every request then
 * runs (V8 does not name them; taking the route apart found zod's parse of the query's id among the
 * code whose objects were kept). A request's objects made there land in the old generation
 * and die there, and the young objects they point to are kept alive by them and promoted too, until
 * the next full collection: on GetTaxMatrix about 0.4 to 2.8 KB promoted per request instead of
 * about 20 bytes, a full collection every few seconds, and the requests it meets in the p99
 * (bench/README.md, "The service's own promotion"). A request-and-answer service makes few objects
 * that outlive a request, so a young collection that copies them costs less than that.
 *
 * Node's documentation warns that a flag set after V8 has started may behave unpredictably or do
 * nothing. This one is read when V8's heap decides about a site, which is after this call; that it
 * takes effect is measured, not tested: `bench/promotion.mjs` (GetTaxMatrix for the same car about
 * 10-30 bytes promoted a request with it, 370-390 without, on Node 20.20). Measure again after a
 * Node upgrade.
 */
export function setHeapFlags(): void {
  v8.setFlagsFromString("--no-allocation-site-pretenuring");
}
