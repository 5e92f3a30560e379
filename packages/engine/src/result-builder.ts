import type { Calculator } from "./enums";
import { type Fraction, toEuros } from "./exact";
import type { LineContext } from "./line-context";
import type { ParameterRow } from "./rules/parameter-table";
import { RULES_VERSION } from "./rules-version";
import type { Explanation, NoteCode, Outcome, ParameterUse, TaxResult } from "./tax-result";

/**
 * Collects what a calculator used (inputs, parameters, notes) while it computes, and turns it into
 * a TaxResult. `provisional` becomes true only when a parameter marked provisional is recorded as
 * used for the value.
 */
export class ResultBuilder {
  private readonly inputs: Record<string, number | string | boolean | null> = {};
  private readonly parameters: ParameterUse[] = [];
  private readonly notes: NoteCode[] = [];
  private readonly details: Record<string, number | string> = {};
  private provisional = false;
  private formula = "";

  constructor(
    private readonly calculator: Calculator,
    private readonly ctx: LineContext,
    private readonly legalSource: { readonly title: string; readonly url: string },
    private readonly unit: "EUR" | "percent" = "EUR",
  ) {}

  setFormula(formula: string): this {
    this.formula = formula;
    return this;
  }

  input(name: string, value: number | string | boolean | null | undefined): this {
    this.inputs[name] = value ?? null;
    return this;
  }

  /** Records a parameter row of a rule table as used. */
  param<T extends number | string>(name: string, unit: string, row: ParameterRow<T>): T {
    return this.paramValue(name, unit, row.value, row.sources[0] ?? "", row.provisional === true);
  }

  /** Records a parameter that is not a table row (a statutory constant) as used. */
  paramValue<T extends number | string>(
    name: string,
    unit: string,
    value: T,
    source: string,
    provisional = false,
  ): T {
    this.parameters.push({ name, value, unit, source, provisional });
    if (provisional) this.provisional = true;
    return value;
  }

  note(code: NoteCode, details: Record<string, number | string> = {}): this {
    if (!this.notes.includes(code)) this.notes.push(code);
    Object.assign(this.details, details);
    return this;
  }

  /** Takes over what another builder recorded (a shared intermediate result, e.g. the gross BIK). */
  absorb(other: ResultBuilder): this {
    Object.assign(this.inputs, other.inputs);
    for (const p of other.parameters) this.paramValue(p.name, p.unit, p.value, p.source, p.provisional);
    for (const n of other.notes) this.note(n);
    Object.assign(this.details, other.details);
    if (!this.formula) this.formula = other.formula;
    return this;
  }

  markProvisional(): this {
    this.provisional = true;
    return this;
  }

  private build(outcome: Outcome, amount: number): TaxResult {
    // A builder makes one result, so its collections are handed over without copying.
    const explanation: Explanation = {
      formula: this.formula,
      inputs: this.inputs,
      parameters: this.parameters,
      notes: this.notes,
      details: this.details,
      legalSource: this.legalSource,
    };
    return {
      calculator: this.calculator,
      year: this.ctx.year,
      evaluationDate: this.ctx.evaluationDate,
      outcome,
      amount,
      unit: this.unit,
      provisional: outcome === "amount" && this.provisional,
      explanation,
      rulesVersion: RULES_VERSION,
    };
  }

  /** The tax applies: `value` in euros (or percent), rounded to the cent. */
  amount(value: Fraction): TaxResult {
    const rounded = toEuros(value);
    return this.build("amount", rounded === 0 ? 0 : rounded);
  }

  exempt(note: NoteCode, details: Record<string, number | string> = {}): TaxResult {
    return this.note(note, details).build("exempt", 0);
  }

  notApplicable(note: NoteCode, details: Record<string, number | string> = {}): TaxResult {
    return this.note(note, details).build("notApplicable", 0);
  }

  rulesNotAvailable(what: string): TaxResult {
    return this.note("rulesNotPublished", { missingRule: what }).build("rulesNotAvailable", 0);
  }
}
