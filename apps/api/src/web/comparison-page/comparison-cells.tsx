import { formatEuro, formatPercent, type Language } from "@cartax/engine";
import { incompleteTotalText, MISSING_FIGURE_TEXTS, noFigureText } from "../kit/missing-figure-texts";
import { missingInputNames, PAGE_TEXTS } from "../kit/page-texts";
import { PROVISIONAL_NOTE, ProvisionalMark } from "../kit/provisional-mark";
import { COMPARISON_TEXTS, fill } from "./comparison-texts";
import type { SharedCell, SharedTotal } from "./shared-comparison";

/** An amount in the page's language: euros, or a percentage (the deduction). */
export const money = (value: number, unit: "EUR" | "percent", language: Language) =>
  unit === "percent" ? formatPercent(value, language) : formatEuro(value, language);

/** A link to the law behind a figure, in the page's words. */
export function Source(props: { readonly url: string | null; readonly label: string }) {
  return props.url ? (
    <a class="source" href={props.url} rel="noopener" target="_blank">
      {props.label}
    </a>
  ) : null;
}

/**
 * One figure of a car for a calculator and year, or why there is none (the missing input named in
 * the page's language); provisional figures and assumed rules are marked, and the basis (the saved
 * line's description) folds under the amount, marked with its language when the comparison was
 * made in another one.
 */
export function Cell(props: {
  readonly cell: SharedCell | undefined;
  readonly language: Language;
  /** The language of the saved descriptions. */
  readonly savedIn: Language;
}) {
  const { cell, language } = props;
  const t = COMPARISON_TEXTS[language];
  const p = PAGE_TEXTS[language];
  // A cell without a figure says why (issue 40): never one dash for every reason.
  if (!cell)
    return (
      <span class="no-figure" data-outcome="notDue">
        {noFigureText({ outcome: "notDue" }, language)}
      </span>
    );
  if (cell.kind === "none") {
    return (
      <div class="no-figure" data-outcome={cell.outcome}>
        <span class="no-figure-label">{noFigureText(cell, language)}</span>
        {cell.outcome === "missingInput" ? (
          <span class="why">
            {p.missingInput.replace("{fields}", missingInputNames(cell.missingFields, language))}
          </span>
        ) : null}
        <Source url={cell.url} label={p.source} />
      </div>
    );
  }
  return (
    <div class="figure">
      <span class="amount">{money(cell.rawValue, cell.unit, language)}</span>
      {cell.provisional ? <ProvisionalMark language={language} note={PROVISIONAL_NOTE} /> : null}
      {cell.assumedRulesYear !== null ? (
        <span class="mark" data-assumed={cell.assumedRulesYear}>
          {fill(t.assumed, { year: cell.assumedRulesYear })}
        </span>
      ) : null}
      {cell.description ? (
        <details class="basis-fold">
          <summary>{p.basis}</summary>
          <span class="basis" data-basis="true" lang={props.savedIn === language ? undefined : props.savedIn}>
            {props.savedIn === language ? "" : `(${t.writtenIn[props.savedIn]}) `}
            {cell.description}
          </span>
        </details>
      ) : null}
      <Source url={cell.url} label={p.source} />
    </div>
  );
}

/**
 * A car's total for a calculator over the period, with the law of the tax and, when it leaves out
 * a year, which and why ("incomplete total: leaves out 2027 (rules not published)").
 */
export function Total(props: {
  readonly total: SharedTotal | undefined;
  /** The years of the period whose cell has no figure, with the cell. */
  readonly leftOut: readonly { readonly year: number; readonly cell: SharedCell }[];
  readonly url: string | null;
  readonly language: Language;
  /** Whether a yearly figure added into the total is provisional. */
  readonly provisional: boolean;
}) {
  const { total, language } = props;
  const t = COMPARISON_TEXTS[language];
  if (!total) return <span>{PAGE_TEXTS[language].none}</span>;
  return (
    <span>
      <span class="amount">
        {total.rawValue === null ? t.noFigure : money(total.rawValue, total.unit, language)}
      </span>
      {total.rawValue !== null && props.provisional ? (
        <ProvisionalMark language={language} note={PROVISIONAL_NOTE} />
      ) : null}
      {!total.complete ? (
        <span class="mark" data-incomplete="true">
          {incompleteTotalText(
            props.leftOut.map(({ year, cell }) => ({
              name: String(year),
              gap: cell.kind === "none" ? cell : { outcome: "notDue" as const },
            })),
            language,
          ) || MISSING_FIGURE_TEXTS[language].incompleteMark}
        </span>
      ) : null}
      {total.yearsAssumed > 0 ? (
        <span class="mark" data-assumed-total="true">
          {t.assumedInTotal}
        </span>
      ) : null}
      <Source url={props.url} label={PAGE_TEXTS[language].source} />
    </span>
  );
}
