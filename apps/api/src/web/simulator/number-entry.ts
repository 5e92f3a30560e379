/**
 * A number as a person types it into the simulator (issue 40 point 4): a Belgian writes forty
 * thousand euros "40.000" or "40 000" and nineteen and a half "19,5"; a browser's number field read
 * "40.000" as 40 and "40000,50" as 4,000,050. The rules, the same in the three languages (the page's
 * language says nothing about the keyboard's habits), each with one reading only:
 *
 * - a space (also the no-break and narrow no-break spaces a copied figure holds) only groups
 *   thousands: "40 000" is 40000;
 * - with both "." and ",", the last one is the decimal mark and the other groups thousands:
 *   "40.000,50" and "40,000.50" are 40000.5;
 * - a single "," is the decimal mark (the Belgian way): "19,5" is 19.5, "40000,50" is 40000.5, and
 *   "1,500" is 1.5 (where a whole number or a plausible size is expected, the form says so);
 * - a "." followed by exactly three digits groups thousands (the Belgian way): "40.000" is 40000;
 *   any other "." can only be a decimal point: "19.5" and "1.5" are 19.5 and 1.5;
 * - several "," or several "." group thousands: "1.234.567" is 1234567;
 * - thousands groups are exactly three digits after the first (one to three): "40.00" and "4 0000"
 *   are refused, as is anything else than digits, these marks and a leading sign.
 *
 * Refused means `null`: the form names the field and says how to write it; never a guess.
 */
export function readTypedNumber(typed: string): number | null {
  const text = typed.trim().replace(/[\u00a0\u202f\u2009]/g, " ");
  const match = /^([+-]?)(\d[\d., ]*|[.,]\d+)$/.exec(text);
  if (!match) return null;
  const sign = match[1] === "-" ? "-" : "";
  const body = match[2] ?? "";
  const commas = count(body, ",");
  const dots = count(body, ".");
  let decimalMark: "," | "." | null = null;
  if (commas > 0 && dots > 0) decimalMark = body.lastIndexOf(",") > body.lastIndexOf(".") ? "," : ".";
  else if (commas === 1) decimalMark = ",";
  else if (dots === 1 && !/\.\d{3}$/.test(body)) decimalMark = ".";
  let whole = body;
  let fraction = "";
  if (decimalMark !== null) {
    const at = body.lastIndexOf(decimalMark);
    whole = body.slice(0, at);
    fraction = body.slice(at + 1);
    if (!/^\d+$/.test(fraction)) return null;
  }
  const groupMark = decimalMark === "," ? "." : decimalMark === "." ? "," : commas > 0 ? "," : ".";
  if (!wholeDigits(whole, groupMark)) return null;
  const digits = whole.replace(/[., ]/g, "");
  const value = Number(`${sign}${digits === "" ? "0" : digits}${fraction ? `.${fraction}` : ""}`);
  return Number.isFinite(value) ? value : null;
}

function count(text: string, mark: string): number {
  return text.split(mark).length - 1;
}

/**
 * The whole part: digits, or digit groups split by one kind of separator (a space or the mark
 * that is not the decimal one), three digits in every group after the first.
 */
function wholeDigits(whole: string, groupMark: string): boolean {
  if (whole === "") return true;
  if (/^\d+$/.test(whole)) return true;
  const separators = new Set(whole.replace(/\d/g, ""));
  if (separators.size !== 1) return false;
  const separator = [...separators][0] ?? "";
  if (separator !== " " && separator !== groupMark) return false;
  const [first = "", ...rest] = whole.split(separator);
  return /^\d{1,3}$/.test(first) && rest.length > 0 && rest.every((group) => /^\d{3}$/.test(group));
}
