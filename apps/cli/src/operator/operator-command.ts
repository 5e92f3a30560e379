import { parseArgs } from "node:util";
import {
  ConfigError,
  InvalidWebhookUrlError,
  openStorage,
  RedeliveryRefusedError,
  readStorageConfig,
  type Storage,
  UnknownAccountError,
} from "@cartax/storage";

/** Standard output and error of an operator command, and the environment it reads; tests give their own. */
export interface OperatorIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** The variables the server reads too (CARTAX_DATA_DIR, DATABASE_URL, CARTAX_ENVIRONMENT). */
  readonly env: NodeJS.ProcessEnv;
}

/** Wrong words on the command line: exit 2 with the usage. */
export class UsageError extends Error {}

/** The one positional argument of a verb that acts on a record (`activate ID`, `remove ID`). */
export function onlyId(rest: readonly string[], what: string): string {
  const { positionals } = parseArgs({ args: [...rest], options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError(`expected exactly one ${what} ID`);
  return positionals[0];
}
/** An id that names nothing: exit 1. */
export class NotFoundError extends Error {}

/**
 * Runs an operator command on the service's database (opened on first use, closed after): the
 * result goes to standard output as one JSON document, messages to standard error. Exit codes:
 * 0 done, 1 unknown id or refused value, 2 usage or configuration error.
 */
export async function runOperatorCommand(
  name: string,
  usage: string,
  io: OperatorIo,
  command: (storage: () => Promise<Storage>) => Promise<unknown>,
): Promise<number> {
  let opened: Storage | undefined;
  const storage = async () => {
    opened ??= await openStorage(readStorageConfig(io.env));
    return opened;
  };
  try {
    const result = await command(storage);
    io.stdout(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (
      error instanceof NotFoundError ||
      error instanceof UnknownAccountError ||
      error instanceof InvalidWebhookUrlError ||
      error instanceof RedeliveryRefusedError
    ) {
      io.stderr(`cartax ${name}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`cartax ${name}: ${(error as Error).message}\n${usage}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr(`cartax ${name}: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await opened?.close();
  }
}
