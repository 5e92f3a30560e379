/**
 * Flemish indexed amounts (VCF art. 2.3.4.1.4 for the BIV, art. 2.2.4.0.3 for the road tax): the
 * statutory amounts are "as on 1 July 2015" and are multiplied every 1 July by K, the consumer-price
 * index of May over the May before the base (K is the cumulated coefficient on the 2015 base).
 */
import { parameter } from "../parameters";

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

export const flemishIndex = parameter<FlemishIndexedAmounts>("flanders.index");
