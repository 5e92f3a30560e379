import { describe, expect, it } from "vitest";
import { dec, floor, mul } from "../../core/exact";
import { fiscalHorsepower } from "../../input/fiscal-horsepower";
import { indexAmounts } from "../../law/indexation";
import { rowAt } from "../../law/parameter-table";
import { parameter } from "../../law/parameters";
import { contextFor } from "../../testing/regional-context";
import { flemishIndex } from "../regional-shared/flanders-index";
import { annualRoadTax } from "./annual-road-tax";
import { flandersRoadTaxScale, leasingRoadTaxScale } from "./scale-parameters";

const HP = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
const COEFFICIENT_ID = "flanders.roadTax.indexCoefficient";

/** VCF art. 2.2.4.0.1 §2 as printed in the codex: the amounts in force on 1 July 2013. */
const CODEX_2013 = {
  upTo20: [
    69.72, 87.24, 126.12, 164.76, 203.76, 242.64, 281.16, 364.92, 448.56, 532.08, 615.84, 699.48, 916.2,
    1133.16, 1350, 1566.36, 1783.2,
  ],
  perHorsepowerAbove20: 97.2,
};

/** The row's amounts as [≤4 … 20 HP, per HP above 20]. */
function amounts(date: string): number[] {
  const row = rowAt(flandersRoadTaxScale, date);
  if (!row) throw new Error(`no Flemish scale on ${date}`);
  return [...row.value.upTo20, row.value.perHorsepowerAbove20];
}

describe("Flemish road-tax scale (VCF art. 2.2.4.0.3: 2013 amounts × the notice's coefficient)", () => {
  it("indexes the table of art. 2.2.4.0.1 §2 by the coefficient as the notice prints it, four decimals", () => {
    const coefficients = parameter<number>(COEFFICIENT_ID);
    for (const row of flandersRoadTaxScale.rows) {
      expect(row.indexed?.base, row.from).toEqual(CODEX_2013);
      expect(row.indexed?.coefficientFrom, row.from).toBe(COEFFICIENT_ID);
      const coefficient = rowAt(coefficients, row.from);
      expect(coefficient?.until, row.from).toBe(row.until);
      expect(row.indexed?.coefficient, row.from).toBe(coefficient?.value);
      expect(Number(coefficient?.value.toFixed(4)), row.from).toBe(coefficient?.value);
      expect(row.provisional, row.from).toBe(coefficient?.provisional);
    }
  });

  // The Vlaamse Belastingdienst's notice of 20 June 2014 (Belgisch Staatsblad), as Kluwer reproduces
  // it (https://www.deplalaw.be/documents/nieuwsarchief/kl1786667-nieuwe-tarieven-verkeersbelasting-en-biv-vanaf-1-juli-2014.xml?lang=nl):
  // "Het indexcijfer bedraagt 1,0036", and the amounts from 1 July 2014 for art. 2.2.4.0.1, § 2.
  // The rule the rows declare must give that table from that coefficient: rounding to the cent
  // before lowering to 0.12 € (cutting the cent gives 533.88, 701.88, 1,137.12 and 1,571.88).
  it("declares the rounding that turns the 2014 notice's coefficient 1,0036 into its printed table", () => {
    const notice2014 = {
      upTo20: [
        69.96, 87.48, 126.48, 165.24, 204.48, 243.48, 282.12, 366.12, 450.12, 534.0, 618.0, 702.0, 919.44,
        1137.24, 1354.8, 1572.0, 1789.56,
      ],
      perHorsepowerAbove20: 97.44,
    };
    for (const row of flandersRoadTaxScale.rows) {
      const rule = row.indexed?.rounding;
      if (!rule) throw new Error(`${row.from} is not an indexed row`);
      expect(indexAmounts(CODEX_2013, 1.0036, rule), row.from).toEqual(notice2014);
    }
  });

  // Published Flemish base amounts valid 01/07/2022 – 30/06/2023, before the opdeciem
  // (https://www.autoverzekering-berekenen.be/verkeersbelasting/jaarlijkse-verkeersbelasting.html).
  it("reproduces every row of the published Flemish 2022-23 table", () => {
    expect(amounts("2022-07-01")).toEqual([
      84.36, 105.6, 152.64, 199.44, 246.6, 293.76, 340.32, 441.84, 543.12, 644.16, 745.56, 846.84, 1109.28,
      1371.96, 1634.52, 1896.48, 2159.04, 117.6,
    ]);
    expect(rowAt(flandersRoadTaxScale, "2022-07-01")?.provisional).toBe(false);
  });

  // Readings of the official Flemish simulator (belastingen.fenb.be) recorded in takscheck
  // (https://github.com/Proxem-AI/takscheck, test/roadtax-harness.mjs for 2025-26, core/tariffs.json
  // indexWindows[2026-07-01].pkBareme for 2026-27): a new petrol Euro 6 car, WLTP 130 g, by fiscal
  // HP, the road tax charged (green formula, 10 % included).
  const capacityFor: Record<number, number> = { 4: 698, 7: 1298, 9: 1598, 11: 1998, 15: 2998, 20: 3996 };
  const simulator: Record<string, { registered: string; byHorsepower: Record<number, number> }> = {
    "2025-26": {
      registered: "2026-01-15",
      byHorsepower: { 4: 81.64, 7: 193.03, 9: 284.2, 11: 427.5, 15: 819.41, 20: 2089.13 },
    },
    "2026-27": {
      registered: "2026-09-15",
      byHorsepower: { 4: 85.0, 7: 200.87, 9: 295.81, 11: 444.97, 15: 852.91, 20: 2174.33 },
    },
  };
  for (const [window, { registered, byHorsepower }] of Object.entries(simulator)) {
    it(`gives the official simulator's ${window} readings at 4, 7, 9, 11, 15 and 20 HP`, () => {
      for (const [hp, published] of Object.entries(byHorsepower)) {
        const capacity = capacityFor[Number(hp)] ?? 0;
        expect(fiscalHorsepower(capacity)).toBe(Number(hp));
        const ctx = contextFor({ wltp: 130, capacity }, "Flanders", registered);
        expect(annualRoadTax(ctx).amount, `${window} ${hp} HP`).toBe(published);
      }
    });
  }

  it("covers 2021-22 to 2026-27", () => {
    expect(rowAt(flandersRoadTaxScale, "2021-06-30")).toBeUndefined();
    expect(rowAt(flandersRoadTaxScale, "2021-07-01")).toBeDefined();
    expect(rowAt(flandersRoadTaxScale, "2027-06-30")).toBeDefined();
    expect(rowAt(flandersRoadTaxScale, "2027-07-01")).toBeUndefined();
  });

  // Which table a leasing company established in Flanders pays: art. 2.2.4.0.1 § 2 applies to every
  // owner (§ 2/1 and § 2/2, the green formula, exclude companies with leasing activities) and art.
  // 2.2.4.0.3 indexes § 2 with no exception for them (VCF, Justel). Their rows are the Flemish
  // table, provisional until an agency notice says so: in 2022-23, 8 HP is the published Flemish
  // 246.60, not the Walloon/Brussels 246.72 of Link2Fleet's "groep 1".
  it("gives leasing companies established in Flanders the Flemish table, provisional", () => {
    for (const row of leasingRoadTaxScale.rows) {
      expect(row.value, row.from).toEqual(rowAt(flandersRoadTaxScale, row.from)?.value);
      expect(row.provisional, row.from).toBe(true);
    }
    expect(rowAt(leasingRoadTaxScale, "2022-07-01")?.value.upTo20[HP.indexOf(8)]).toBe(246.6);
  });

  // The LPG reduction of the green formula (100 € at the 1 July 2015 level × K, lowered to 0.12 €)
  // as vlaanderen.be publishes it per window: a check of the 2015-based K of flanders.index.
  it("indexes the LPG reduction to the amounts vlaanderen.be publishes (110.04, 119.88, 126.12)", () => {
    const published: Record<string, number> = {
      "2021-07-01": 110.04,
      "2022-07-01": 119.88,
      "2023-07-01": 126.12,
    };
    for (const [from, amount] of Object.entries(published)) {
      const k = rowAt(flemishIndex, from)?.value ?? 0;
      const cents = Number(floor(mul(dec(100), dec(k)), 2).n);
      expect((cents - (cents % 12)) / 100, from).toBe(amount);
    }
  });
});
