import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_LOGO_NAME, InvalidLogoError, MAX_LOGO_BYTES, validateLogo } from "@cartax/qr";
import { NotFoundError, type OperatorIo, runOperatorCommand, UsageError } from "../operator/operator-command";

export const LOGO_USAGE = `usage:
  cartax logo add NAME FILE   add (or replace) a PNG or SVG logo for QR codes (logoPath / topLogoPath)
  cartax logo list`;

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * `cartax logo …`: the QR logo store. The file is read by the operator's command, checked (PNG or
 * SVG, at most 256 KiB, no scripts or external references) and stored in the database; requests
 * name logos, they never give file paths or URLs.
 */
export function runLogoCommand(args: readonly string[], io: OperatorIo, cwd: string): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === undefined || verb === "--help" || verb === "help") {
    io.stderr(`${LOGO_USAGE}\n`);
    return Promise.resolve(verb === undefined ? 2 : 0);
  }
  return runOperatorCommand("logo", LOGO_USAGE, io, async (open) => {
    if (verb === "add") {
      const { positionals } = parseArgs({
        args: [...rest],
        options: {},
        allowPositionals: true,
        strict: true,
      });
      const [name, file] = positionals;
      if (positionals.length !== 2 || !name || !file) throw new UsageError("expected NAME and FILE");
      if (!NAME.test(name))
        throw new UsageError("NAME: 1–64 letters, digits, _ . - (starting with a letter or digit)");
      if (name === DEFAULT_LOGO_NAME)
        throw new UsageError(`${DEFAULT_LOGO_NAME} is the built-in default logo`);
      const target = path.resolve(cwd, file);
      let data: Buffer;
      try {
        if (fs.statSync(target).size > MAX_LOGO_BYTES)
          throw new NotFoundError(`${file} is larger than ${MAX_LOGO_BYTES / 1024} KiB`);
        data = fs.readFileSync(target);
      } catch (error) {
        if (error instanceof NotFoundError) throw error;
        throw new NotFoundError(`cannot read ${file}: ${(error as Error).message}`);
      }
      let logo: ReturnType<typeof validateLogo>;
      try {
        logo = validateLogo(data);
      } catch (error) {
        if (error instanceof InvalidLogoError) throw new NotFoundError(`${file}: ${error.message}`);
        throw error;
      }
      await (await open()).qr.putLogo({ name, contentType: logo.contentType, data: logo.data });
      return { name, contentType: logo.contentType, bytes: logo.data.length };
    }
    if (verb === "list") {
      parseArgs({ args: [...rest], options: {}, allowPositionals: false, strict: true });
      return (await open()).qr.listLogos();
    }
    throw new UsageError(`unknown logo command ${verb}`);
  });
}
