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
  // Names and values alternate; an object with a growing set of keys is slow on this hot path.
  private readonly inputLog: (string | number | boolean | null)[] = [];
  private readonly parameters: ParameterUse[] = [];
  private readonly notes: NoteCode[] = [];
  private readonly details: Record<string, number | string> = {};
  private provisional = false;
  private readonly absorbed: ResultBuilder[] = [];
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
    this.inputLog.push(name, value ?? null);
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

  note(code: NoteCode, details?: Record<string, number | string>): this {
    if (!this.notes.includes(code)) this.notes.push(code);
    if (details) Object.assign(this.details, details);
    return this;
  }

  /**
   * Takes over what another builder recorded (a shared intermediate result, e.g. the gross BIK).
   * Its records are merged into the explanation only when that is read; they come first.
   */
  absorb(other: ResultBuilder): this {
    this.absorbed.push(other);
    if (other.provisional) this.provisional = true;
    return this;
  }

  markProvisional(): this {
    this.provisional = true;
    return this;
  }

  /** The explanation of what was recorded; built on first access of a result's `explanation`. */
  explain(): Explanation {
    if (this.absorbed.length === 0) return this.ownExplanation();
    const parts = [...this.absorbed.map((other) => other.explain()), this.ownExplanation()];
    const notes: NoteCode[] = [];
    const parameters: ParameterUse[] = [];
    const inputs: Record<string, number | string | boolean | null> = {};
    const details: Record<string, number | string> = {};
    for (const part of parts) {
      for (const note of part.notes) if (!notes.includes(note)) notes.push(note);
      for (const parameter of part.parameters) parameters.push(parameter);
      Object.assign(inputs, part.inputs);
      Object.assign(details, part.details);
    }
    return {
      formula: this.formula || parts[0]?.formula || "",
      inputs,
      parameters,
      notes,
      details,
      legalSource: this.legalSource,
    };
  }

  private ownExplanation(): Explanation {
    return {
      formula: this.formula,
      inputs: inputsOf(this.inputLog),
      parameters: this.parameters,
      notes: this.notes,
      details: this.details,
      legalSource: this.legalSource,
    };
  }

  private build(outcome: Outcome, amount: number): TaxResult {
    return new BuiltResult(
      this.calculator,
      this.ctx.year,
      this.ctx.evaluationDate,
      outcome,
      amount,
      this.unit,
      outcome === "amount" && this.provisional,
      this,
    );
  }

  /** The tax applies: `value` in euros (or percent), rounded to the cent. */
  amount(value: Fraction): TaxResult {
    const rounded = toEuros(value);
    return this.build("amount", rounded === 0 ? 0 : rounded);
  }

  exempt(note: NoteCode, details?: Record<string, number | string>): TaxResult {
    return this.note(note, details).build("exempt", 0);
  }

  notApplicable(note: NoteCode, details?: Record<string, number | string>): TaxResult {
    return this.note(note, details).build("notApplicable", 0);
  }

  rulesNotAvailable(what: string): TaxResult {
    return this.note("rulesNotPublished", { missingRule: what }).build("rulesNotAvailable", 0);
  }
}

/** The recorded inputs as a record (a later value of the same name wins). */
function inputsOf(
  log: readonly (string | number | boolean | null)[],
): Record<string, number | string | boolean | null> {
  const inputs: Record<string, number | string | boolean | null> = {};
  for (let i = 0; i < log.length; i += 2) inputs[log[i] as string] = log[i + 1] ?? null;
  return inputs;
}

/**
 * A TaxResult whose explanation is assembled only when read: the matrix and most API calls read
 * only amounts, and assembling the explanation records costs as much as the arithmetic.
 */
class BuiltResult implements TaxResult {
  readonly rulesVersion = RULES_VERSION;
  // Private fields: not properties, so not serialised or compared as part of the result.
  readonly #source: ResultBuilder;
  #explanation: Explanation | undefined;

  constructor(
    readonly calculator: Calculator,
    readonly year: number,
    readonly evaluationDate: string,
    readonly outcome: Outcome,
    readonly amount: number,
    readonly unit: "EUR" | "percent",
    readonly provisional: boolean,
    source: ResultBuilder,
  ) {
    this.#source = source;
  }

  get explanation(): Explanation {
    this.#explanation ??= this.#source.explain();
    return this.#explanation;
  }

  toJSON(): TaxResult {
    const { calculator, year, evaluationDate, outcome, amount, unit, provisional, rulesVersion } = this;
    return {
      calculator,
      year,
      evaluationDate,
      outcome,
      amount,
      unit,
      provisional,
      explanation: this.explanation,
      rulesVersion,
    };
  }
}
