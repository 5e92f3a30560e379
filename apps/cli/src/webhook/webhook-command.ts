import { parseArgs } from "node:util";
import { parseCalculationTypes } from "@cartax/schemas";
import { generateWebhookSecret, type Storage, type WebhookEndpoint } from "@cartax/storage";
import { notifyFromRules, type RulesSource, repositoryRules } from "../notify/rules-notice";
import {
  NotFoundError,
  type OperatorIo,
  onlyId,
  runOperatorCommand,
  UsageError,
} from "../operator/operator-command";
import { repositoryRoot } from "../repository-root";
import { enqueueChangeNotification } from "./enqueue-change-notification";

export const WEBHOOK_USAGE = `usage:
  cartax webhook add --subscription ID --url URL [--secret SECRET | --generate-secret]
  cartax webhook list
  cartax webhook disable|enable|remove ID
  cartax webhook status [ID]          (notifications, failed ones and pings listed apart)
  cartax webhook redeliver EVENT_ID   (a failed notification, enqueued again with the same eventId)
  cartax webhook recover ID --since DATE   (every notification of the endpoint that failed since DATE)
  cartax notify --calculations RoadTax,BenefitInKind   (names or values of ViewOptions)
  cartax notify --rules                                (the calculators whose parameters changed since the last notice)`;

function found(endpoint: WebhookEndpoint | undefined, id: string): WebhookEndpoint {
  if (!endpoint) throw new NotFoundError(`no webhook endpoint ${id}`);
  return endpoint;
}

/**
 * An endpoint with its recent notifications, its failed ones (to redeliver) and its recent pings,
 * listed apart: pings come every few minutes and would push a notification out of one list.
 */
async function status(storage: Storage, endpoint: WebhookEndpoint) {
  const hooks = storage.webhooks;
  return {
    ...endpoint,
    deliveries: await hooks.recentDeliveries(endpoint.id, { kind: "notification", limit: 10 }),
    failed: await hooks.recentDeliveries(endpoint.id, { kind: "notification", status: "failed", limit: 50 }),
    attempts: await hooks.recentAttempts(endpoint.id, { kind: "notification", limit: 10 }),
    pings: await hooks.recentDeliveries(endpoint.id, { kind: "ping", limit: 5 }),
  };
}

/** A date (`2026-11-25`) or an ISO date-time, as `--since` takes it. */
function sinceDate(raw: string | undefined): Date {
  if (!raw) throw new UsageError("--since DATE is required (e.g. 2026-11-25 or 2026-11-25T08:00:00Z)");
  const time = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(time)) throw new UsageError(`--since must be a date like 2026-11-25, got "${raw}"`);
  return new Date(time);
}

const disabledNote = (endpointId: string) =>
  `endpoint ${endpointId} is disabled: nothing is sent until cartax webhook enable ${endpointId}`;

async function run(verb: string, rest: readonly string[], open: () => Promise<Storage>) {
  if (verb === "add") {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: {
        subscription: { type: "string" },
        url: { type: "string" },
        secret: { type: "string" },
        "generate-secret": { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
    if (!values.subscription) throw new UsageError("--subscription ID is required");
    if (!values.url) throw new UsageError("--url URL is required");
    if (values.secret !== undefined && values["generate-secret"]) {
      throw new UsageError("give --secret SECRET or --generate-secret, not both");
    }
    if (values.secret !== undefined && values.secret.length < 16) {
      throw new UsageError("--secret must be at least 16 characters");
    }
    const storage = await open();
    if (!(await storage.subscriptions.get(values.subscription))) {
      throw new NotFoundError(`no subscription ${values.subscription}`);
    }
    const generated = values["generate-secret"] ? generateWebhookSecret() : undefined;
    const endpoint = await storage.webhooks.addEndpoint({
      subscriptionId: values.subscription,
      url: values.url,
      secret: values.secret ?? generated ?? null,
    });
    // A generated secret is shown here, once; it is never printed again.
    return generated ? { ...endpoint, secret: generated } : endpoint;
  }
  if (verb === "list") {
    parseArgs({ args: [...rest], options: {}, allowPositionals: false, strict: true });
    return (await open()).webhooks.listEndpoints();
  }
  if (verb === "disable" || verb === "enable") {
    const id = onlyId(rest, "endpoint");
    return found(await (await open()).webhooks.setEnabled(id, verb === "enable"), id);
  }
  if (verb === "remove") {
    const id = onlyId(rest, "endpoint");
    if (!(await (await open()).webhooks.removeEndpoint(id)))
      throw new NotFoundError(`no webhook endpoint ${id}`);
    return { id, removed: true };
  }
  if (verb === "status") {
    const { positionals } = parseArgs({ args: [...rest], options: {}, allowPositionals: true, strict: true });
    const storage = await open();
    if (positionals.length > 1) throw new UsageError("expected at most one endpoint ID");
    const id = positionals[0];
    if (id) return status(storage, found(await storage.webhooks.getEndpoint(id), id));
    return Promise.all((await storage.webhooks.listEndpoints()).map((e) => status(storage, e)));
  }
  if (verb === "redeliver") {
    const eventId = onlyId(rest, "event");
    const redelivery = await (await open()).webhooks.redeliver(eventId);
    if (!redelivery) throw new NotFoundError(`no webhook delivery ${eventId}`);
    return {
      ...redelivery,
      status: "pending",
      ...(redelivery.endpointEnabled ? {} : { note: disabledNote(redelivery.endpointId) }),
    };
  }
  if (verb === "recover") {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: { since: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new UsageError("expected one endpoint ID");
    const id = positionals[0] as string;
    const since = sinceDate(values.since);
    const storage = await open();
    const endpoint = found(await storage.webhooks.getEndpoint(id), id);
    const events = await storage.webhooks.recover(id, since);
    return {
      endpointId: id,
      since: since.toISOString(),
      redelivered: events.length,
      eventIds: events.map((e) => e.eventId),
      ...(endpoint.enabled ? {} : { note: disabledNote(id) }),
    };
  }
  throw new UsageError(`unknown webhook command ${verb}`);
}

/** `cartax webhook …`: the operator registers and watches webhook endpoints (no self-service). */
export function runWebhookCommand(args: readonly string[], io: OperatorIo): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === undefined || verb === "--help" || verb === "help") {
    io.stderr(`${WEBHOOK_USAGE}\n`);
    return Promise.resolve(verb === undefined ? 2 : 0);
  }
  return runOperatorCommand("webhook", WEBHOOK_USAGE, io, (open) => run(verb, rest, open));
}

/**
 * `cartax notify --calculations RoadTax,BenefitInKind`: enqueues one change notification per
 * enabled endpoint (each with its own eventId) and returns at once; the running service (or
 * worker) delivers them. `cartax notify --rules` computes the calculators from the rules
 * (notify/rules-notice.ts); `rules` is where it reads them (tests give their own).
 */
export function runNotifyCommand(
  args: readonly string[],
  io: OperatorIo,
  rules?: RulesSource,
): Promise<number> {
  return runOperatorCommand("notify", WEBHOOK_USAGE, io, async (open) => {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { calculations: { type: "string" }, rules: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
    if (values.rules && values.calculations !== undefined)
      throw new UsageError("give --calculations or --rules, not both");
    if (values.rules) {
      const source = rules ?? repositoryRules(repositoryRoot(io.env.INIT_CWD ?? process.cwd()));
      return notifyFromRules(await open(), source, (line) => io.stderr(`${line}\n`));
    }
    if (!values.calculations)
      throw new UsageError(
        "--calculations or --rules is required (e.g. --calculations RoadTax,BenefitInKind)",
      );
    const { types, unknown } = parseCalculationTypes(values.calculations.split(","));
    if (unknown.length > 0) throw new UsageError(`unknown calculation types: ${unknown.join(", ")}`);
    if (types.length === 0) throw new UsageError("--calculations names no calculation type");
    const events = await enqueueChangeNotification(await open(), types);
    return { updatedCalculations: types, deliveries: events.length, events };
  });
}
