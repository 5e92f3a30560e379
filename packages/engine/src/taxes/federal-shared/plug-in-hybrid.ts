import { cmp, dec, type Fraction, int, mul, ratio, round, toNumber } from "../../core/exact";
import type { IsoDate } from "../../core/iso-date";
import type { ResultBuilder } from "../../core/result-builder";
import type { CalculationInput } from "../../input/calculation-input";
import { type Co2Figure, equivalentPair, isEuro6eBis, isPluginHybrid } from "../../input/vehicle";
import { fakeHybridLawOf } from "./fake-hybrid-parameters";

export interface PluginHybridVerdict {
  readonly fake: boolean;
  /** The CO2 the BIK and the deduction use: the car's own, or for a fake hybrid the substitute. */
  readonly taxCo2: Fraction;
}

/**
 * Decides whether a plug-in hybrid is a "fake hybrid" for the income year `year` and which CO2
 * then counts (equivalent non-hybrid car, else own CO2 × 2.5). Records what it used on `b`.
 * Cars that are not plug-in hybrids keep their own CO2.
 */
export function assessPluginHybrid(
  input: CalculationInput,
  co2: Co2Figure,
  orderDate: IsoDate,
  registrationDate: IsoDate,
  year: number,
  b: ResultBuilder,
): PluginHybridVerdict {
  const own = dec(co2.value);
  const { car } = input;
  if (!isPluginHybrid(car.fuel)) return { fake: false, taxCo2: own };
  // The rules of the income year, read on 1 January of it (every line of a year has the same).
  const law = fakeHybridLawOf(year);
  // Without the rules (never within the engine's years) the car is taken as a genuine hybrid.
  if (!law) return { fake: false, taxCo2: own };
  const { definition, euro6eBis: euro6eBisRow } = law;
  if (orderDate < definition.value.acquiredFrom) return { fake: false, taxCo2: own };

  const euro6eBis = isEuro6eBis(car, registrationDate);
  const strict = definition.value.maxCo2;
  const lenient = euro6eBisRow.value;
  const euro6eBisYear = year >= lenient.fromIncomeYear;
  const maxCo2 = euro6eBis && euro6eBisYear ? lenient.maxCo2 : strict;
  if (
    typeof car.euro6eBis !== "boolean" &&
    euro6eBisYear &&
    co2.value > strict &&
    co2.value <= lenient.maxCo2
  ) {
    // Between 50 and 75 g/km the Euro 6e-bis status decides, and it was inferred from the date.
    b.note("euro6eBisAssumed").markProvisional();
  }
  b.paramValue(
    "fakeHybridMaxCo2",
    "g/km",
    maxCo2,
    euro6eBis ? euro6eBisRow.sources[0] : definition.sources[0],
  );
  const co2TooHigh = co2.value > maxCo2;

  let batteryTooSmall = false;
  const battery = car.batteryCapacity;
  const weight = car.weight;
  if (typeof battery === "number" && typeof weight === "number" && weight > 0) {
    // kWh per 100 kg, rounded mathematically to one decimal (0.45 counts as 0.5).
    const kwhPer100Kg = round(mul(dec(battery), int(100), ratio(1, Math.round(weight))), 1);
    b.param("fakeHybridMinKwhPer100Kg", "kWh/100 kg", law.minBattery); // not law: the unit
    batteryTooSmall = cmp(kwhPer100Kg, law.minBatteryAmount) < 0;
    b.input("batteryKwhPer100Kg", toNumber(kwhPer100Kg, 1));
    if (batteryTooSmall) {
      // The law divides by the mass in running order, lower than the maximum authorised mass we
      // have: a car failing on `weight` might pass on its real mass.
      b.note("batteryTestMaximumMass", { batteryTestMass: weight }).markProvisional();
    }
  } else {
    b.note("batteryTestSkipped").markProvisional();
  }

  if (!co2TooHigh && !batteryTooSmall) return { fake: false, taxCo2: own };

  const pair = equivalentPair(car, co2.cycle);
  if (pair !== undefined) {
    if (pair.own === null) {
      // The equivalent is known only in a cycle in which the hybrid has no figure of its own.
      b.note("fakeHybridEquivalentOtherCycle", {
        substituteCo2: pair.equivalent,
        fakeHybridRule: "equivalent",
        equivalentCycle: pair.cycle,
      });
    } else {
      b.note("fakeHybrid", {
        substituteCo2: pair.equivalent,
        fakeHybridRule: "equivalent",
        equivalentCycle: pair.cycle,
        equivalentOwnCo2: pair.own,
      });
    }
    b.input("equivalentNonHybridCo2", pair.equivalent).input("equivalentCycle", pair.cycle);
    return { fake: true, taxCo2: dec(pair.equivalent) };
  }
  const multiplier = b.param("fakeHybridMultiplier", "factor", law.fallbackMultiplier);
  const substitute = mul(own, law.fallbackFactor);
  b.note("fakeHybridNoEquivalent", {
    substituteCo2: Number(substitute.n) / Number(substitute.d),
    fakeHybridRule: "ownCo2TimesMultiplier",
    fakeHybridMultiplier: multiplier,
  });
  return { fake: true, taxCo2: substitute };
}
