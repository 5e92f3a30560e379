import type { IsoDate } from "../core/iso-date";
import { SOURCE_CATALOGUE } from "./source-catalogue";

/** A publication a value of the law comes from. */
export interface Source {
  /** What the publication is: issuer or publisher, and its title. */
  readonly title: string;
  /** Where to read it. */
  readonly href: string;
  /** Publication date in the Belgian Official Journal, for official texts. */
  readonly officialJournalDate?: IsoDate;
}

/** A catalogue entry (see `source-catalogue.ts`). */
export type SourceEntry = Source;

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
  if (!source) throw new Error(`source ${href} is not in the source catalogue (law/source-catalogue.ts)`);
  return source;
}
