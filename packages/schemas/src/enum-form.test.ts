import { calculate, EuroStandard, FuelType, ProfileStatus, Region, RegistrationOn } from "@cartax/engine";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoDateSchema } from "./date-schema";
import { enumSchema } from "./enum-schema";
import { parseCalculationRequest } from "./parse-calculation-request";
import { toCalculationInput, toCarDetailInput } from "./to-calculation-input";

const names = <E extends Record<string, number>>(e: E) => Object.keys(e) as (keyof E & string)[];

describe("enumeration input form", () => {
  it("gives the same results whether enumerations are sent by name or by number", () => {
    fc.assert(
      fc.property(
        fc.record({
          fuel: fc.constantFrom(...names(FuelType)),
          euro: fc.constantFrom(...names(EuroStandard)),
          status: fc.constantFrom(...names(ProfileStatus)),
          holder: fc.constantFrom(...names(RegistrationOn)),
          region: fc.constantFrom(...names(Region)),
          co2: fc.integer({ min: 0, max: 250 }),
          year: fc.integer({ min: 2021, max: 2026 }),
        }),
        (r) => {
          const request = (form: "name" | "number") => ({
            carDetail: {
              catalogPrice: 42000,
              firstRegistration: `${r.year}-04-01`,
              fuel: form === "name" ? r.fuel : FuelType[r.fuel],
              euroStandard: form === "name" ? r.euro : EuroStandard[r.euro],
              kilowatt: 110,
              wltp: r.co2,
              nedC2: 0,
              capacity: 1998,
              weight: 1800,
              batteryCapacity: 14,
            },
            userProfile: {
              postalCode: 1000,
              status: form === "name" ? r.status : ProfileStatus[r.status],
              registrationOn: form === "name" ? r.holder : RegistrationOn[r.holder],
              regionRegistration: form === "name" ? r.region : Region[r.region],
            },
            options: { registrationDate: `${r.year}-04-01` },
          });
          const run = (form: "name" | "number") => {
            const parsed = parseCalculationRequest(request(form));
            if (!parsed.ok || !parsed.request.carDetail) throw new Error(JSON.stringify(parsed));
            return calculate(toCalculationInput(parsed.request, toCarDetailInput(parsed.request.carDetail)));
          };
          expect(run("number")).toEqual(run("name"));
        },
      ),
      { numRuns: 60 },
    );
  });
});

// docs/contract.md, "Enumerations" and dates: the lenient forms accepted beyond the contract, and what
// stays an error (the independent review of 28 November 2026 asked for them to be documented).
describe("numeric strings and zero-time dates (README, docs/contract.md section 2)", () => {
  const fuel = enumSchema(FuelType, "fuel");
  it.each([
    ["80", "Electric"],
    [" 80 ", "Electric"],
    ["080", "Electric"],
    ["\t80\n", "Electric"],
    ["10", "Diesel"],
  ])("the enumeration string %j reads as %s", (input, name) => {
    expect(fuel.parse(input)).toBe(name);
  });
  it.each(["0x50", "80.0", " Electric", "", "81", "8 0", "-0", " -00 ", "+10", "-10"])(
    "the enumeration string %j is an enum error",
    (input) => {
      const parsed = fuel.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ params: { rule: "enum" } });
    },
  );
  // Region has a value 0 (Flanders): "-0" must not read as it (the independent review found it did).
  it.each(["-0", "-00", " -0 ", "+0", "0.0"])("the region %j is an enum error, not Flanders", (input) => {
    const parsed = enumSchema(Region, "regionRegistration").safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ params: { rule: "enum" } });
  });
  it.each(["0", "000", " 0 "])("the region %j reads as Flanders", (input) => {
    expect(enumSchema(Region, "regionRegistration").parse(input)).toBe("Flanders");
  });
  it.each(["2026-03-01", "2026-03-01T00:00:00", "2026-03-01T00:00:00.000Z", "2026-03-01T00:00:00+00:00"])(
    "the date %j reads as 2026-03-01",
    (input) => {
      expect(isoDateSchema.parse(input)).toBe("2026-03-01");
    },
  );
  it.each(["2026-03-01T01:00:00", "2026-03-01T00:00:00+01:00", "2026-03-01Z", "2026-3-1"])(
    "the date %j is a date error",
    (input) => {
      const parsed = isoDateSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ params: { rule: "date" } });
    },
  );
});
