import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { KEY_QUERY } from "./authenticate";
import { redactUrl } from "./redact";

const KEY = "ctx_acc_4vB9qQx0ZpL7mT2cRk8sYwE1nD5fHj3aUo6iGl0bNzX";

describe("redactUrl", () => {
  it("hides the key's value under every spelling of the parameter name that Hono accepts", async () => {
    // What Hono itself reads as the key: each of these authenticates, so each must be redacted.
    const app = new Hono().get("/x", (c) => c.text(c.req.query(KEY_QUERY) ?? ""));
    const names = ["subscription-key", "subscription%2Dkey", "subscription%2dkey", "%73ubscription-k%65y"];
    for (const name of names) {
      const url = `/v1/CarDetails?a=1&${name}=${KEY}&b=2`;
      expect(await (await app.request(`/x?${name}=${KEY}`)).text()).toBe(KEY);
      const redacted = redactUrl(url);
      expect(redacted).toBe(`/v1/CarDetails?a=1&${name}=[redacted]&b=2`);
      expect(redacted).not.toContain(KEY.slice(8));
    }
  });

  it("hides a percent-encoded key value and repeated parameters", () => {
    const encoded = KEY.replaceAll("_", "%5F");
    expect(redactUrl(`/v1/Calculate?subscription-key=${encoded}`)).toBe(
      "/v1/Calculate?subscription-key=[redacted]",
    );
    expect(redactUrl(`/x?subscription-key=${KEY}&subscription-key=${KEY}`)).toBe(
      "/x?subscription-key=[redacted]&subscription-key=[redacted]",
    );
  });

  it("hides key-shaped text elsewhere in the URL (a key pasted into the path or another parameter)", () => {
    const redacted = redactUrl(`/v1/CarDetails/${KEY}?note=${KEY.replace("acc", "prd")}`);
    expect(redacted).toBe("/v1/CarDetails/[redacted]?note=[redacted]");
  });

  it("leaves other URLs alone, including malformed percent escapes", () => {
    for (const url of [
      "/health",
      "/v1/GetTaxMatrix?id=3fa85f64-5717-4562-b3fc-2c963f66afa6",
      "/x?%E0%A4%A=1&y",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
