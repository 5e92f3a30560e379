/**
 * Fiscal horsepower (fiscale pk / chevaux fiscaux) from the cylinder capacity, by the legal formula
 * common to the three regions (VCF art. 2.2.3.0.2 §3; inherited from the federal WIGB):
 * 1. capacity in whole decilitres, a fraction rounded up only when it exceeds half a decilitre;
 * 2. CV = 4 × litres + k(litres);
 * 3. rounded to a whole CV, up only when the fraction exceeds one half.
 */
const K_TABLE: readonly { readonly upToDl: number; readonly kHundredths: number }[] = [
  { upToDl: 9, kHundredths: 150 },
  { upToDl: 12, kHundredths: 175 },
  { upToDl: 15, kHundredths: 200 },
  { upToDl: 17, kHundredths: 225 },
  { upToDl: 19, kHundredths: 250 },
  { upToDl: 21, kHundredths: 275 },
  { upToDl: 23, kHundredths: 300 },
  { upToDl: 26, kHundredths: 325 },
  { upToDl: 33, kHundredths: 350 },
  { upToDl: 39, kHundredths: 375 },
  { upToDl: 49, kHundredths: 400 },
  { upToDl: 59, kHundredths: 450 },
  { upToDl: Number.POSITIVE_INFINITY, kHundredths: 500 },
];

/** The legal source of the fiscal horsepower formula. */
export const FISCAL_HP_SOURCE =
  "https://codex.vlaanderen.be (Vlaamse Codex Fiscaliteit art. 2.2.3.0.2 §3, 2.2.3.0.5)";

/** Fiscal horsepower of a combustion engine of `capacityCc` cubic centimetres. */
export function fiscalHorsepower(capacityCc: number): number {
  // Checked at run time (values may come from JSON): no capacity, no horsepower.
  if (typeof capacityCc !== "number" || !Number.isFinite(capacityCc) || capacityCc <= 0) return 0;
  // 1,550 cc → 15 dl; 1,551 cc → 16 dl (a fraction above half a decilitre rounds up).
  const dl = Math.floor((Math.round(capacityCc) + 49) / 100);
  const k = K_TABLE.find((row) => dl <= row.upToDl)?.kHundredths ?? 500;
  // In hundredths of CV: 4 × dl/10 × 100 = 40 × dl. Round up only above one half.
  return Math.floor((40 * dl + k + 49) / 100);
}
