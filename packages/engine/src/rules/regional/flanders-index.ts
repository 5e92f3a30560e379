/**
 * Flemish indexed amounts (VCF art. 2.3.4.1.4 for the BIV, art. 2.2.4.0.3 for the road tax): the
 * statutory amounts are "as on 1 July 2015" and are multiplied every 1 July by K, the consumer-price
 * index of May over the May before the base (K is the cumulated coefficient on the 2015 base).
 */
import { indexWindow, parameterTable } from "../parameter-table";
import { REGIONAL_SOURCES as S } from "./sources";

export interface FlemishIndexedAmounts {
  /** Index coefficient on the 1 July 2015 base amounts (air component c, LPG reduction). */
  readonly k: number;
  /** BIV minimum and maximum (41.99 and 10,497.70 × K, VCF art. 2.3.4.1.3). */
  readonly bivMinimum: number;
  readonly bivMaximum: number;
  /** Road-tax minimum of the green formula before the opdeciem (40 × K, art. 2.2.4.0.1 §2/1). */
  readonly roadTaxMinimum: number;
  /** The road-tax minimum of this window is uncertain (results where it binds are provisional). */
  readonly roadTaxMinimumUncertain?: boolean;
}

export const flemishIndex = parameterTable<FlemishIndexedAmounts>({
  id: "flanders.index",
  description:
    "Flemish index coefficient K (1 July 2015 base) and the indexed BIV/road-tax bounds per index window",
  unit: "factor / EUR",
  lastChecked: "2026-11-22",
  rows: [
    indexWindow(
      2020,
      { k: 1.0851, bivMinimum: 45.56, bivMaximum: 11391.05, roadTaxMinimum: 43.4 },
      [S.vlb2020],
      {
        note: "Road-tax minimum 40 × K derived.",
      },
    ),
    indexWindow(
      2021,
      { k: 1.1009, bivMinimum: 46.23, bivMaximum: 11556.92, roadTaxMinimum: 44.04 },
      [S.fleet2021],
      {
        note: "Road-tax minimum 40 × K derived.",
      },
    ),
    indexWindow(
      2022,
      { k: 1.1997, bivMinimum: 50.38, bivMaximum: 12594.09, roadTaxMinimum: 47.99 },
      [S.steyaert2022, S.fleet2021],
      {
        note: "K = 1.1009 × 1.0897 (+8.97 %), confirmed by 1.1997 × 1.052 = 1.2621 (open-questions §5). HLN printed the road-tax minimum as 48.00, probably rounded.",
      },
    ),
    indexWindow(
      2023,
      {
        k: 1.2621,
        bivMinimum: 53,
        bivMaximum: 13249.15,
        roadTaxMinimum: 50.49,
        roadTaxMinimumUncertain: true,
      },
      [S.hln2023, S.takscheck],
      {
        note: "Road-tax minimum 50.49 as published by HLN; 40 × 1.2621 = 50.48 (open-questions §5: the cent is open, L).",
      },
    ),
    indexWindow(
      2024,
      { k: 1.3045, bivMinimum: 54.78, bivMaximum: 13694.25, roadTaxMinimum: 52.18 },
      [S.takscheck],
      {
        note: "Maximum read from the simulator; minimum amounts 41.99 × K and 40 × K derived.",
      },
    ),
    indexWindow(2025, { k: 1.3307, bivMinimum: 55.88, bivMaximum: 13969.29, roadTaxMinimum: 53.23 }, [
      S.takscheck,
    ]),
    indexWindow(2026, { k: 1.385, bivMinimum: 58.16, bivMaximum: 14539.31, roadTaxMinimum: 55.4 }, [
      S.takscheck,
    ]),
  ],
});
