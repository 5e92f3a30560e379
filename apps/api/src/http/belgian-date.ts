// Building an Intl formatter costs more than a whole matrix: build it once.
const BELGIAN_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" });

/** Today's date in Belgium (yyyy-MM-dd): the default registration date of the tax matrix and the
 * date a public car page's figures are for. */
export function todayInBelgium(now: Date = new Date()): string {
  return BELGIAN_DATE.format(now);
}
