/**
 * Flemish indexed amounts (VCF art. 2.3.4.1.4 for the BIV, art. 2.2.4.0.3 for the road tax): the
 * statutory amounts are "as on 1 July 2015" and are multiplied every 1 July by K, the consumer-price
 * index of May over the May before the base (K is the cumulated coefficient on the 2015 base). The
 * minimum and maximum BIV and the road-tax minimum are declared in their files as the base amount
 * × K with its rounding; the loader computes them (law/indexation.ts).
 */
import { parameter } from "../../law/parameters";

/** Index coefficient K on the 1 July 2015 base amounts (air component c, LPG reduction, bounds). */
export const flemishIndex = parameter<number>("flanders.index");

/** BIV minimum (41.99 × K) and maximum (10,497.70 × K) of the index window (VCF art. 2.3.4.1.3). */
export const flemishBivMinimum = parameter<number>("flanders.biv.minimum");
export const flemishBivMaximum = parameter<number>("flanders.biv.maximum");

/** Road-tax minimum of the green formula before the opdeciem (40 × K, art. 2.2.4.0.1 §2/1). */
export const flemishRoadTaxMinimum = parameter<number>("flanders.roadTax.minimum");
