import type { Language } from "@cartax/engine";

/** The words of the yearly-cost chart, shared by the simulator and the comparison page. */
export interface ChartText {
  /** The chart's heading. */
  readonly overYears: string;
  /** What the chart shows, under its heading. */
  readonly overYearsNote: string;
  /** The mark of a year under assumed rules. */
  readonly assumed: string;
}

/** The yearly-cost chart's words in the three languages. */
export const CHART_TEXTS: Readonly<Record<Language, ChartText>> = {
  en: {
    overYears: "Cost over the years",
    overYearsNote:
      "Yearly cost by tax over the holding period. Years marked “assumed” apply the latest published rules to a year whose rules are not published yet.",
    assumed: "assumed",
  },
  nl: {
    overYears: "Kost over de jaren",
    overYearsNote:
      "Jaarlijkse kost per belasting over de bezitsduur. Jaren gemarkeerd als “verondersteld” passen de laatst gepubliceerde regels toe op een jaar waarvan de regels nog niet gepubliceerd zijn.",
    assumed: "verondersteld",
  },
  fr: {
    overYears: "Coût au fil des années",
    overYearsNote:
      "Coût annuel par taxe sur la durée de détention. Les années marquées « supposée » appliquent les dernières règles publiées à une année dont les règles ne sont pas encore publiées.",
    assumed: "supposée",
  },
};
