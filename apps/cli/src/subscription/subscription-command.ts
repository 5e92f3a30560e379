import { parseArgs } from "node:util";
import { readStorageConfig, type Storage, type Subscription } from "@cartax/storage";
import {
  NotFoundError,
  type OperatorIo,
  onlyId,
  runOperatorCommand,
  UsageError,
} from "../operator/operator-command";

export type { OperatorIo } from "../operator/operator-command";

export const SUBSCRIPTION_USAGE = `usage:
  cartax subscription create --name NAME [--calculation-access] [--prices-include-vat] [--inactive] [--account OWNER_ID]
  cartax subscription rotate ID --key primary|secondary
  cartax subscription activate|deactivate ID
  cartax subscription grant-calculation|revoke-calculation ID
  cartax subscription limit ID --requests N --per SECONDS | --clear
  cartax subscription usage ID [--since DATE]          requests per endpoint and status (DATE: yyyy-MM-dd or ISO time)
  cartax subscription list`;

/** Bounds of a rate limit: a window of at most a day (longer ones are quotas, not rate limits). */
export const LIMIT_BOUNDS = { maxRequests: 1_000_000_000, maxWindowSeconds: 86_400 } as const;

/** A subscription as `list` and the gate commands print it: never a key. */
const publicView = (s: Subscription) => ({
  id: s.id,
  ownerId: s.ownerId,
  name: s.name,
  environment: s.environment,
  active: s.active,
  calculationAccess: s.calculationAccess,
  pricesIncludeVat: s.pricesIncludeVat,
  rateLimit: s.rateLimit,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

const GATES = {
  activate: { active: true },
  deactivate: { active: false },
  "grant-calculation": { calculationAccess: true },
  "revoke-calculation": { calculationAccess: false },
} as const;

async function run(
  verb: string | undefined,
  rest: readonly string[],
  storage: () => Promise<Storage>,
  io: OperatorIo,
) {
  const environment = readStorageConfig(io.env).environment;
  if (verb === "create") {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: {
        name: { type: "string" },
        "calculation-access": { type: "boolean" },
        "prices-include-vat": { type: "boolean" },
        inactive: { type: "boolean" },
        account: { type: "string" },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
    const name = values.name?.trim();
    if (!name) throw new UsageError("--name NAME is required");
    const created = await (await storage()).subscriptions.create({
      name,
      environment,
      calculationAccess: values["calculation-access"] ?? false,
      pricesIncludeVat: values["prices-include-vat"] ?? false,
      active: !values.inactive,
      ...(values.account ? { ownerId: values.account } : {}),
    });
    const s = created.subscription;
    return {
      id: s.id,
      ownerId: s.ownerId,
      primaryKey: created.primaryKey,
      secondaryKey: created.secondaryKey,
      active: s.active,
      calculationAccess: s.calculationAccess,
    };
  }
  if (verb === "rotate") {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: { key: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
    const id = positionals[0];
    if (positionals.length !== 1 || !id) throw new UsageError("expected exactly one subscription ID");
    const slot = values.key;
    if (slot !== "primary" && slot !== "secondary")
      throw new UsageError("--key must be primary or secondary");
    const key = await (await storage()).subscriptions.rotate(id, slot);
    if (key === undefined) return notFound(id);
    return { id, [`${slot}Key`]: key };
  }
  if (verb !== undefined && verb in GATES) {
    const id = onlyId(rest, "subscription");
    const updated = await (await storage()).subscriptions.update(id, GATES[verb as keyof typeof GATES]);
    return updated ? publicView(updated) : notFound(id);
  }
  if (verb === "limit") {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: { requests: { type: "string" }, per: { type: "string" }, clear: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    const id = positionals[0];
    if (positionals.length !== 1 || !id) throw new UsageError("expected exactly one subscription ID");
    const limit = values.clear ? null : readLimit(values.requests, values.per);
    if (values.clear && (values.requests !== undefined || values.per !== undefined))
      throw new UsageError("give --requests N --per SECONDS or --clear, not both");
    const updated = await (await storage()).subscriptions.setRateLimit(id, limit);
    return updated ? publicView(updated) : notFound(id);
  }
  if (verb === "usage") {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: { since: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
    const id = positionals[0];
    if (positionals.length !== 1 || !id) throw new UsageError("expected exactly one subscription ID");
    const since = values.since === undefined ? undefined : readSince(values.since);
    const opened = await storage();
    if (!(await opened.subscriptions.get(id))) return notFound(id);
    const until = new Date().toISOString();
    const endpoints = await opened.usage.query(id, since);
    return {
      id,
      since: since?.toISOString() ?? null,
      until,
      requests: endpoints.reduce((sum, e) => sum + e.requests, 0),
      endpoints,
    };
  }
  if (verb === "list") {
    parseArgs({ args: [...rest], options: {}, allowPositionals: false, strict: true });
    return (await (await storage()).subscriptions.list()).map(publicView);
  }
  throw new UsageError(verb ? `unknown subscription command ${verb}` : "missing subscription command");
}

/** `--requests N --per SECONDS`: whole numbers within LIMIT_BOUNDS. */
function readLimit(requests: string | undefined, per: string | undefined) {
  if (requests === undefined || per === undefined)
    throw new UsageError("give --requests N --per SECONDS (or --clear)");
  const n = wholeNumber(requests);
  const seconds = wholeNumber(per);
  if (n === undefined || n < 1 || n > LIMIT_BOUNDS.maxRequests)
    throw new UsageError(`--requests must be a whole number from 1 to ${LIMIT_BOUNDS.maxRequests}`);
  if (seconds === undefined || seconds < 1 || seconds > LIMIT_BOUNDS.maxWindowSeconds)
    throw new UsageError(
      `--per must be a whole number of seconds from 1 to ${LIMIT_BOUNDS.maxWindowSeconds}`,
    );
  return { requests: n, windowSeconds: seconds };
}

const wholeNumber = (text: string): number | undefined =>
  /^\d{1,10}$/.test(text) ? Number(text) : undefined;

/** `--since`: a day (yyyy-MM-dd, from its start in UTC) or an ISO-8601 time with its zone. */
function readSince(text: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const date = new Date(day ? `${text}T00:00:00Z` : text);
  if ((!day && !time) || Number.isNaN(date.getTime()) || (day && date.toISOString().slice(0, 10) !== text))
    throw new UsageError("--since must be a date yyyy-MM-dd or an ISO-8601 time with its zone");
  return date;
}

function notFound(id: string): never {
  throw new NotFoundError(`no subscription ${id}`);
}

/**
 * `cartax subscription …`: the operator's tools, on the same storage code as the server (works on
 * an empty data folder and on the database of a running server). Only the JSON result goes to
 * standard output; messages go to standard error. Exit codes: 0 done, 1 unknown id, 2 usage or
 * configuration error.
 */
export async function runSubscriptionCommand(args: readonly string[], io: OperatorIo): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === undefined || verb === "--help" || verb === "help") {
    io.stderr(`${SUBSCRIPTION_USAGE}\n`);
    return verb === undefined ? 2 : 0;
  }
  return runOperatorCommand("subscription", SUBSCRIPTION_USAGE, io, (storage) =>
    run(verb, rest, storage, io),
  );
}
