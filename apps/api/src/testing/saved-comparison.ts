import { randomUUID } from "node:crypto";
import { type CalculationLine, compare, RULES_VERSION, type UnavailableLine } from "@cartax/engine";

/** Two cars of a fleet policy, inline (a plug-in hybrid and an electric car). */
export const COMPARED_CARS = [
  {
    name: "Volvo XC40 T4 Recharge",
    catalogPrice: 48000,
    firstRegistration: "2026-03-01",
    fuel: "PluginHybridPetrol",
    euroStandard: "Euro6",
    kilowatt: 155,
    wltp: 32,
    nedC2: 0,
    capacity: 1477,
    weight: 2000,
    batteryCapacity: 19.5,
  },
  {
    name: "Kia EV6",
    catalogPrice: 45000,
    firstRegistration: "2026-03-01",
    fuel: "Electric",
    euroStandard: "NA",
    kilowatt: 168,
    wltp: 0,
    nedC2: 0,
    weight: 2000,
    batteryCapacity: 77.4,
  },
] as const;

/** The body of a POST /v1/Compare for the two cars, for a company in Flanders registering on 1 March 2026. */
export function compareRequest(options: { years: number; assumeLatestRules: boolean }) {
  return {
    cars: COMPARED_CARS.map((carDetail) => ({ carDetail })),
    userProfile: {
      postalCode: 9000,
      status: "SelfEmployed",
      registrationOn: "CompanyRegistration",
      regionRegistration: "Flanders",
      language: "en",
    },
    options: { registrationDate: "2026-03-01", ...options },
  };
}

/**
 * A saved comparison as POST /v1/Compare stores it (request as received, answer as sent; docs:
 * the projection notes), made here with the engine's `compare` so that the page can be tested
 * without the route. `carDetailId` names the first car as a stored one.
 */
export function savedComparison(options: {
  years: number;
  assumeLatestRules: boolean;
  carDetailId?: string;
}) {
  const request = compareRequest(options);
  const outcome = compare(
    COMPARED_CARS.map((car, index) => ({
      car,
      name: car.name,
      carDetailId: index === 0 ? (options.carDetailId ?? null) : null,
    })),
    { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders", postalCode: 9000 },
    { registrationDate: "2026-03-01", years: options.years, assumeLatestRules: options.assumeLatestRules },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  const result = {
    comparisonId: randomUUID(),
    years: outcome.rows[0]?.years.map((y) => y.year) ?? [],
    rows: outcome.rows.map((row) => ({
      carDetailId: row.carDetailId,
      name: row.name ?? "",
      lines: row.lines as readonly CalculationLine[],
      unavailableLines: row.unavailableLines as readonly UnavailableLine[],
      totals: row.totals,
    })),
    ranking: outcome.ranking,
  };
  return { request, result, rulesVersion: RULES_VERSION, createdAt: "2026-11-25T10:00:00.000Z" };
}
