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
  cartax subscription list`;

/** A subscription as `list` and the gate commands print it: never a key. */
const publicView = (s: Subscription) => ({
  id: s.id,
  ownerId: s.ownerId,
  name: s.name,
  environment: s.environment,
  active: s.active,
  calculationAccess: s.calculationAccess,
  pricesIncludeVat: s.pricesIncludeVat,
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
  if (verb === "list") {
    parseArgs({ args: [...rest], options: {}, allowPositionals: false, strict: true });
    return (await (await storage()).subscriptions.list()).map(publicView);
  }
  throw new UsageError(verb ? `unknown subscription command ${verb}` : "missing subscription command");
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
