import type { Calculator, Language } from "../../core/enums";
import type { OutcomeWithoutFigure } from "../../core/tax-result";
import { CALCULATOR_NAMES } from "./calculator-names";

/** The words of a ranking tier's description, per language; `{…}` are filled in. */
const RANKING_TEXTS: Readonly<
  Record<
    Language,
    {
      readonly rankedOn: string;
      readonly nothing: string;
      readonly without: string;
      readonly missing: string;
      readonly reasons: Readonly<Record<OutcomeWithoutFigure, string>>;
    }
  >
> = {
  en: {
    rankedOn: "Ranked on {figures}",
    nothing: "Ranked on no figure (no figure every car of this group has)",
    without: "without {figures}",
    missing: "missing: {fields}",
    reasons: {
      missingInput: "missing input",
      notApplicable: "not applicable",
      rulesNotAvailable: "rules not published",
    },
  },
  nl: {
    rankedOn: "Gerangschikt op {figures}",
    nothing: "Op geen enkel bedrag gerangschikt (geen bedrag dat elke wagen van deze groep heeft)",
    without: "zonder {figures}",
    missing: "ontbreekt: {fields}",
    reasons: {
      missingInput: "ontbrekend gegeven",
      notApplicable: "niet van toepassing",
      rulesNotAvailable: "regels niet gepubliceerd",
    },
  },
  fr: {
    rankedOn: "Classé sur {figures}",
    nothing: "Classé sur aucun montant (aucun montant que chaque voiture de ce groupe a)",
    without: "sans {figures}",
    missing: "manque : {fields}",
    reasons: {
      missingInput: "donnée manquante",
      notApplicable: "non applicable",
      rulesNotAvailable: "règles non publiées",
    },
  },
};

/** A figure of a tier's description: a calculator in a year, with why a car lacks it when it does. */
interface DescribedFigure {
  readonly viewOption: Calculator;
  readonly year: number;
  readonly outcome?: OutcomeWithoutFigure;
  readonly missingFields?: readonly string[];
}

/** Years as runs: 2025–2028, 2030. */
function yearRuns(years: readonly number[]): string {
  const runs: string[] = [];
  let start = years[0];
  for (let i = 0; i < years.length; i++) {
    const year = years[i] as number;
    const next = years[i + 1];
    if (next === year + 1) continue;
    runs.push(start === year ? String(year) : `${start}–${year}`);
    start = next;
  }
  return runs.join(", ");
}

/** The figures grouped by calculator, in the order given: "Registration tax 2025; Annual road tax 2025–2028". */
function figureGroups(figures: readonly DescribedFigure[], language: Language, withReasons: boolean): string {
  const t = RANKING_TEXTS[language];
  const groups = new Map<Calculator, DescribedFigure[]>();
  for (const figure of figures)
    groups.set(figure.viewOption, [...(groups.get(figure.viewOption) ?? []), figure]);
  return [...groups]
    .map(([calculator, group]) => {
      const name = `${CALCULATOR_NAMES[language][calculator]} ${yearRuns(group.map((f) => f.year))}`;
      if (!withReasons) return name;
      const fields = [...new Set(group.flatMap((f) => f.missingFields ?? []))];
      const reasons = [
        ...new Set(group.flatMap((f) => (f.outcome && f.outcome !== "missingInput" ? [f.outcome] : []))),
      ];
      const why = [
        ...(fields.length > 0 ? [t.missing.replace("{fields}", fields.join(", "))] : []),
        ...reasons.map((r) => t.reasons[r]),
      ];
      if (why.length === 0 && group.some((f) => f.outcome === "missingInput"))
        why.push(t.reasons.missingInput);
      return why.length > 0 ? `${name} (${why.join("; ")})` : name;
    })
    .join("; ");
}

/**
 * A ranking tier's basis in words: the figures its cars are ranked on and, when they lack figures
 * another compared car has, which and why ("Ranked on Annual road tax 2025–2028; … — without
 * Registration tax 2025 (missing: weight)").
 */
export function describeTier(
  basis: readonly DescribedFigure[],
  lacking: readonly DescribedFigure[],
  language: Language,
): string {
  const t = RANKING_TEXTS[language];
  const on =
    basis.length === 0 ? t.nothing : t.rankedOn.replace("{figures}", figureGroups(basis, language, false));
  if (lacking.length === 0) return on;
  return `${on} — ${t.without.replace("{figures}", figureGroups(lacking, language, true))}`;
}
