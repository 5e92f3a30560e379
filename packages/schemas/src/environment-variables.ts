import { z } from "zod";

/** A configuration value the operator must fix; its message is one line meant for a terminal. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Unset, or set to blanks: the default applies (as a shell's `VAR=` means "no value"). */
const blank = (value: string | undefined): boolean => value === undefined || value.trim() === "";

/** A whole number of milliseconds (or a count) from `min` up, the default when unset or blank. */
const whole = (name: string, fallback: number, min: number, unit: "ms" | "" = "ms") =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return fallback;
      const text = (value as string).trim();
      const number = Number(text);
      if (/^\d+$/.test(text) && Number.isSafeInteger(number) && number >= min) return number;
      ctx.addIssue({
        code: "custom",
        message: `${name} must be a whole number${unit ? " of milliseconds" : ""} ≥ ${min}, got "${value}"`,
      });
      return z.NEVER;
    });

/** A variable that no longer exists: naming it stops the program, so that no setting is silently lost. */
const renamed = (message: string) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined, { message });

/**
 * Every setting the service, the webhook worker and the operator CLI read from the environment, in
 * one schema (the README's configuration table lists the same). Durations are whole milliseconds
 * (`…_MS`). Each program reads the whole table: a wrong value stops it with one line naming the
 * variable, the rule and the value (never the value of DATABASE_URL, which may hold a password).
 */
export const environmentVariablesSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return 3000;
      const text = value.trim();
      const port = Number(text);
      if (/^\d{1,5}$/.test(text) && port <= 65535) return port;
      ctx.addIssue({
        code: "custom",
        message: `PORT must be a whole number from 0 to 65535, got "${value}"`,
      });
      return z.NEVER;
    }),
  HOST: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return "127.0.0.1";
      if (value.trim() !== "") return value.trim();
      ctx.addIssue({ code: "custom", message: 'HOST must not be empty (e.g. "127.0.0.1" or "0.0.0.0")' });
      return z.NEVER;
    }),
  CARTAX_PUBLIC_BASE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return undefined;
      const text = (value as string).trim();
      let url: URL | undefined;
      try {
        url = new URL(text);
      } catch {}
      if (url && (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash)
        return text.replace(/\/+$/, "");
      ctx.addIssue({
        code: "custom",
        message: `CARTAX_PUBLIC_BASE_URL must be an http(s) origin such as https://api.example.be, got "${text}"`,
      });
      return z.NEVER;
    }),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return "info" as const;
      const level = (value as string).trim();
      const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
      if ((levels as readonly string[]).includes(level)) return level as (typeof levels)[number];
      ctx.addIssue({
        code: "custom",
        message: `LOG_LEVEL must be one of ${levels.join(", ")}, got "${value}"`,
      });
      return z.NEVER;
    }),
  CARTAX_DATA_DIR: z
    .string()
    .optional()
    .transform((value) => (blank(value) ? "data" : (value as string).trim())),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return undefined;
      const url = (value as string).trim();
      if (/^postgres(ql)?:\/\//.test(url)) return url;
      // Never echo the URL: it may carry a password.
      ctx.addIssue({ code: "custom", message: "DATABASE_URL must be a postgres:// or postgresql:// URL" });
      return z.NEVER;
    }),
  CARTAX_ENVIRONMENT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return "acceptance" as const;
      const environment = (value as string).trim();
      if (environment === "acceptance" || environment === "production") return environment;
      ctx.addIssue({
        code: "custom",
        message: `CARTAX_ENVIRONMENT must be one of acceptance, production, got "${value}"`,
      });
      return z.NEVER;
    }),
  CARTAX_WEBHOOK_WORKER: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const worker = blank(value) ? "on" : (value as string).trim();
      if (worker === "on" || worker === "off") return worker;
      ctx.addIssue({ code: "custom", message: `CARTAX_WEBHOOK_WORKER must be on or off, got "${worker}"` });
      return z.NEVER;
    }),
  CARTAX_PING_INTERVAL_MS: whole("CARTAX_PING_INTERVAL_MS", 300_000, 100),
  CARTAX_PING_INTERVAL_S: renamed(
    "CARTAX_PING_INTERVAL_S is now CARTAX_PING_INTERVAL_MS (every duration is in milliseconds: 300 s is 300000)",
  ),
  CARTAX_PING_FLAG_THRESHOLD: whole("CARTAX_PING_FLAG_THRESHOLD", 3, 1, ""),
  CARTAX_WEBHOOK_TIMEOUT_MS: whole("CARTAX_WEBHOOK_TIMEOUT_MS", 30_000, 100),
  CARTAX_WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return [10_000, 40_000];
      const parts = (value as string).split(",").map((p) => p.trim());
      const delays = parts.map(Number);
      const rule = !parts.every((p) => /^\d+$/.test(p))
        ? "must be whole numbers of milliseconds separated by commas, e.g. 10000,40000"
        : delays.length > 2
          ? "must list at most 2 delays (the spec allows 3 attempts)"
          : delays.some((d) => d > 3_600_000)
            ? "must list delays of at most 3600000 ms (one hour)"
            : undefined;
      if (!rule) return delays;
      ctx.addIssue({ code: "custom", message: `CARTAX_WEBHOOK_RETRY_DELAYS_MS ${rule}; got "${value}"` });
      return z.NEVER;
    }),
  CARTAX_WEBHOOK_RETRY_BASE_MS: renamed(
    "CARTAX_WEBHOOK_RETRY_BASE_MS was replaced by CARTAX_WEBHOOK_RETRY_DELAYS_MS (a list, e.g. 10000,40000)",
  ),
  CARTAX_WEBHOOK_POLL_MS: whole("CARTAX_WEBHOOK_POLL_MS", 500, 10),
  CARTAX_WORKER_METRICS_PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return undefined;
      const text = (value as string).trim();
      const port = Number(text);
      if (/^\d{1,5}$/.test(text) && port <= 65535) return port;
      ctx.addIssue({
        code: "custom",
        message: `CARTAX_WORKER_METRICS_PORT must be a whole number from 0 to 65535, got "${value}"`,
      });
      return z.NEVER;
    }),
  CARTAX_QR_RENDER_CONCURRENCY: whole("CARTAX_QR_RENDER_CONCURRENCY", 2, 1, ""),
  CARTAX_QR_QUEUE_LIMIT: whole("CARTAX_QR_QUEUE_LIMIT", 16, 0, ""),
  /** How long the answer of a POST with an Idempotency-Key is kept (default 24 hours). */
  CARTAX_IDEMPOTENCY_TTL_MS: whole("CARTAX_IDEMPOTENCY_TTL_MS", 86_400_000, 1000),
});

/** The environment as the programs use it: defaults applied, values checked and converted. */
export type EnvironmentVariables = z.output<typeof environmentVariablesSchema>;

/**
 * Reads and checks every variable of the table. A wrong value throws a ConfigError whose message
 * is one line (several wrong values: one line, joined by "; ").
 */
export function readEnvironmentVariables(
  env: Readonly<Record<string, string | undefined>>,
): EnvironmentVariables {
  const parsed = environmentVariablesSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join("; "));
}
