import { type LegalText, legalSourceOf } from "../law/legal-texts";
import { type ParameterRow, unpublishedSoFar } from "../law/parameter-table";
import type { Source } from "../law/source";
import type { Calculator, Region } from "./enums";
import { type Fraction, toEuros } from "./exact";
import { type InputRecord, inputShapeOf, matchingShape } from "./input-shapes";
import type { IsoDate } from "./iso-date";
import { RULES_VERSION } from "./rules-version";
import type { Explanation, NoteCode, Outcome, ParameterUse, TaxResult } from "./tax-result";

/**
 * What a builder reads of its line's context: the `LineContext` a calculator is given
 * (input/line-context.ts) has these and more. Named here so that the core does not import the
 * input layer.
 */
export interface BuilderContext {
  readonly input: { readonly profile: { readonly region: Region } };
  readonly year: number;
  readonly evaluationDate: IsoDate;
  readonly explain: boolean;
}

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
  // Most lines have no details and absorb nothing: both are allocated on first use.
  private details: Record<string, number | string> | undefined;
  private provisional = false;
  private absorbed: Records[] | undefined;
  private formula = "";
  private explained: Explanation | undefined;

  constructor(
    private readonly calculator: Calculator,
    private readonly ctx: BuilderContext,
    private readonly legalText: LegalText,
    private readonly unit: "EUR" | "percent" = "EUR",
  ) {}

  setFormula(formula: string): this {
    this.explained = undefined;
    this.formula = formula;
    return this;
  }

  input(name: string, value: number | string | boolean | null | undefined): this {
    this.explained = undefined;
    this.inputLog.push(name, value ?? null);
    return this;
  }

  /** Records a parameter row of a rule table as used. */
  param<T extends number | string>(name: string, unit: string, row: ParameterRow<T>): T {
    return this.paramValue(name, unit, row.value, row.sources[0], row.provisional === true, row.parameter);
  }

  /**
   * Records a parameter that is not a table row (a statutory constant) as used; `parameter` names
   * the registered table a value read from a row comes from.
   */
  paramValue<T extends number | string>(
    name: string,
    unit: string,
    value: T,
    source: Source,
    provisional = false,
    parameter: string | null = null,
  ): T {
    this.explained = undefined;
    this.parameters.push({ name, value, unit, source, provisional, parameter });
    if (provisional) this.provisional = true;
    return value;
  }

  /** Records a note; `details`, a fresh object of the call site, may become the record itself. */
  note(code: NoteCode, details?: Record<string, number | string>): this {
    this.explained = undefined;
    if (!this.notes.includes(code)) this.notes.push(code);
    if (details) {
      // Callers pass a fresh literal: the first becomes the record itself, later ones are copied in.
      if (this.details === undefined) this.details = details;
      else for (const key in details) this.details[key] = details[key] as number | string;
    }
    return this;
  }

  /**
   * Takes over what another builder had recorded (a shared intermediate result, e.g. the gross
   * BIK). Those records come first in the explanation.
   */
  absorb(records: Records): this {
    this.explained = undefined;
    this.absorbed ??= [];
    this.absorbed.push(records);
    if (records.provisional) this.provisional = true;
    return this;
  }

  /** Whether nothing is recorded yet (a shared result may then be recorded here directly). */
  isFresh(): boolean {
    return (
      this.inputLog.length === 0 &&
      this.parameters.length === 0 &&
      this.notes.length === 0 &&
      this.details === undefined &&
      this.absorbed === undefined &&
      this.formula === "" &&
      !this.provisional
    );
  }

  /**
   * What this builder has recorded so far, for other builders to absorb: the records themselves,
   * not copies (a builder only ever appends), up to their current ends.
   */
  recorded(): Records {
    if (this.absorbed !== undefined) throw new Error("a builder that absorbed records cannot be shared");
    // Details are copied: later notes of this builder add to its own object.
    return this.ownRecords(this.details === undefined ? undefined : { ...this.details });
  }

  /** This builder's own records up to their current ends (absorbed ones not included). */
  private ownRecords(details: Records["details"]): Records {
    return {
      formula: this.formula,
      inputLog: this.inputLog,
      inputEnd: this.inputLog.length,
      parameters: this.parameters,
      parameterEnd: this.parameters.length,
      notes: this.notes,
      noteEnd: this.notes.length,
      details,
      provisional: this.provisional,
    };
  }

  markProvisional(): this {
    this.provisional = true;
    return this;
  }

  /**
   * The explanation of what was recorded, with what absorbed builders recorded first. Built once
   * per builder (a shared intermediate result is absorbed by several lines); any new record drops it.
   */
  explain(): Explanation {
    if (this.explained) return this.explained;
    const legalSource = legalSourceOf(this.legalText, this.ctx.input.profile.region);
    if (this.absorbed === undefined) {
      // The usual paths' first inputs as one literal (input-shapes.ts), the rest key by key.
      const log = this.inputLog;
      const shape = matchingShape(inputShapeOf(this.calculator), log);
      this.explained = {
        formula: this.formula,
        inputs:
          shape === undefined
            ? inputsOf(log)
            : checked(addInputs(shape.literal(log), log, log.length, 2 * shape.keys.length), log),
        parameters: this.parameters,
        notes: this.notes,
        details: this.details ?? {},
        legalSource,
      };
      return this.explained;
    }
    // The absorbed records first, then this builder's own.
    const merged = new Merged(this.formula);
    for (const records of this.absorbed) merged.add(records);
    merged.add(this.ownRecords(this.details));
    this.explained = {
      formula: merged.formula,
      inputs: merged.inputs,
      parameters: merged.parameters,
      notes: merged.notes,
      details: merged.details,
      legalSource,
    };
    return this.explained;
  }

  private build(outcome: Outcome, amount: number): TaxResult {
    // A plain object: it survives spread, structuredClone, postMessage and JSON round trips.
    return {
      calculator: this.calculator,
      year: this.ctx.year,
      evaluationDate: this.ctx.evaluationDate,
      outcome,
      amount,
      unit: this.unit,
      provisional: outcome === "amount" && this.provisional,
      explanation: this.ctx.explain ? this.explain() : NO_EXPLANATION,
      rulesVersion: RULES_VERSION,
    };
  }

  /** The tax applies: `value` in euros (or percent), rounded to the cent. */
  amount(value: Fraction): TaxResult {
    const rounded = toEuros(value);
    return this.build("amount", rounded === 0 ? 0 : rounded);
  }

  exempt(note: NoteCode, details?: Record<string, number | string>): TaxResult {
    return this.note(note, details).build("exempt", 0);
  }

  /**
   * The tax applies but an input its formula needs is missing: no figure. `field` is the input's
   * name in the HTTP body (`weight`, `capacity`, `wltp`, `nedC2`).
   */
  missingInput(note: MissingInputNote, field: string): TaxResult {
    // Its own literal: the usual results keep one shape without a `missingFields` key.
    return { ...this.note(note).build("missingInput", 0), missingFields: [field] };
  }

  notApplicable(note: NoteCode, details?: Record<string, number | string>): TaxResult {
    return this.note(note, details).build("notApplicable", 0);
  }

  /**
   * The parameters this line needs are not published for its dates. Inside a run that notes
   * unpublished look-ups without carrying (`lookingUpUnpublished`), the line names them
   * (`missingParameters`): a calculator reads the law of its line whole before deciding this.
   */
  rulesNotAvailable(what: string): TaxResult {
    const missing = unpublishedSoFar();
    if (missing === undefined || missing.length === 0)
      return this.note("rulesNotPublished", { missingRule: what }).build("rulesNotAvailable", 0);
    this.note("parametersNotPublished", {
      missingRule: what,
      lineYear: String(this.ctx.year),
      missingParameters: missing.join(" "),
    });
    // Its own literal, as missingInput's: the usual results keep one shape without the key.
    return { ...this.build("rulesNotAvailable", 0), missingParameters: missing };
  }
}

/** The notes that say which input a `missingInput` result lacks. */
export type MissingInputNote = "missingWeight" | "missingCapacity" | "missingCo2";

let checkLiterals = false;

/** Tests: every literal record of inputs is compared with the inputs recorded one by one. */
export function checkLiteralRecords(on: boolean): void {
  checkLiterals = on;
}

/** The literal record, compared with the records when tests ask for it. */
function checked(literal: InputRecord, log: readonly (string | number | boolean | null)[]): InputRecord {
  if (!checkLiterals) return literal;
  const expected = Object.entries(inputsOf(log));
  const actual = Object.entries(literal);
  const same =
    expected.length === actual.length &&
    expected.every(([key, value], i) => actual[i]?.[0] === key && Object.is(actual[i]?.[1], value));
  if (!same) {
    throw new Error(
      `literal record of inputs differs from the records: ${JSON.stringify(actual)} against ${JSON.stringify(expected)}`,
    );
  }
  return literal;
}

/** The recorded inputs as a record (a later value of the same name wins). */
function inputsOf(
  log: readonly (string | number | boolean | null)[],
): Record<string, number | string | boolean | null> {
  return addInputs(new Inputs(), log);
}

/**
 * An empty record of inputs, made by a constructor rather than `{}`: V8 then gives the records room
 * for their usual dozen keys inside the object instead of growing a separate store key by key. Its
 * prototype is Object.prototype: the records are plain objects.
 */
const Inputs = function Inputs() {} as unknown as new () => InputRecord;
Inputs.prototype = Object.prototype;

function addInputs(
  inputs: Record<string, number | string | boolean | null>,
  log: readonly (string | number | boolean | null)[],
  end = log.length,
  start = 0,
): Record<string, number | string | boolean | null> {
  for (let i = start; i < end; i += 2) inputs[log[i] as string] = log[i + 1] ?? null;
  return inputs;
}

/**
 * What results of the matrix carry instead of an explanation: the matrix keeps amounts only, and
 * assembling explanations would double its cost. Such results never leave the engine.
 */
const NO_EXPLANATION: Explanation = Object.freeze({
  formula: "",
  inputs: Object.freeze({}),
  parameters: Object.freeze([]),
  notes: Object.freeze([]),
  details: Object.freeze({}),
  legalSource: Object.freeze({
    title: "",
    url: "",
    urlByLanguage: Object.freeze({ en: "", nl: "", fr: "" }),
  }),
});

/** What a builder recorded up to some point (see ResultBuilder.recorded). */
export interface Records {
  readonly formula: string;
  readonly inputLog: readonly (string | number | boolean | null)[];
  readonly inputEnd: number;
  readonly parameters: readonly ParameterUse[];
  readonly parameterEnd: number;
  readonly notes: readonly NoteCode[];
  readonly noteEnd: number;
  readonly details: Readonly<Record<string, number | string>> | undefined;
  readonly provisional: boolean;
}

/** The records of a builder and of those it absorbed, as one explanation takes them. */
class Merged {
  readonly inputs: InputRecord = new Inputs();
  readonly parameters: ParameterUse[] = [];
  readonly notes: NoteCode[] = [];
  readonly details: Record<string, number | string> = {};
  constructor(public formula: string) {}

  /** Appends records (loops, not slice/concat: on arrays this small the builtins cost more). */
  add(records: Records): void {
    if (!this.formula) this.formula = records.formula;
    addInputs(this.inputs, records.inputLog, records.inputEnd);
    for (let i = 0; i < records.parameterEnd; i++)
      this.parameters.push(records.parameters[i] as ParameterUse);
    for (let i = 0; i < records.noteEnd; i++) {
      const note = records.notes[i] as NoteCode;
      if (!this.notes.includes(note)) this.notes.push(note);
    }
    const details = records.details;
    if (details) for (const key in details) this.details[key] = details[key] as number | string;
  }
}
