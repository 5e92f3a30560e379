import catalogue from "../../parameters/sources.json";
import type { IsoDate } from "../core/iso-date";

/** A publication a value of the law comes from. */
export interface Source {
  /** What the publication is: issuer or publisher, and its title. */
  readonly title: string;
  /** Where to read it. */
  readonly href: string;
  /** Publication date in the Belgian Official Journal, for official texts. */
  readonly officialJournalDate?: IsoDate;
}

/** A catalogue entry (`packages/engine/parameters/sources.json`). */
export type SourceEntry = Source;

/**
 * Every publication a parameter file or a statutory constant cites, by address, written once in
 * `parameters/sources.json` (grouped by subject for the reader; the groups mean nothing here).
 * `officialJournalDate` is the Belgian Official Journal (Belgisch Staatsblad / Moniteur belge)
 * publication date, for official texts.
 */
export const SOURCE_CATALOGUE: readonly SourceEntry[] = (
  catalogue as { readonly groups: readonly { readonly sources: readonly SourceEntry[] }[] }
).groups.flatMap((group) => group.sources);

const byHref = new Map<string, Source>();
for (const entry of SOURCE_CATALOGUE) {
  if (byHref.has(entry.href)) throw new Error(`source catalogue: ${entry.href} is listed twice`);
  byHref.set(entry.href, Object.freeze({ ...entry }));
}

/**
 * The catalogued source at `href`. Rule tables cite addresses; a missing entry is a data error and
 * throws when the table loads, never when a calculation runs.
 */
export function sourceOf(href: string): Source {
  const source = byHref.get(href);
  if (!source) throw new Error(`source ${href} is not in the source catalogue (parameters/sources.json)`);
  return source;
}
