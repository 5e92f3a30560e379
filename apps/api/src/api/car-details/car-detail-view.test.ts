import type { StoredCarDetail } from "@cartax/storage";
import { describe, expect, it } from "vitest";
import { carDetailView } from "./car-detail-view";

const record = (car: Record<string, unknown>) =>
  ({
    id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    ownerId: "0b6f1c2d-7e8f-4a9b-8c0d-1e2f3a4b5c6d",
    car,
    createdAt: "2026-11-28T12:00:00.000Z",
    updatedAt: "2026-11-28T12:00:00.000Z",
  }) as StoredCarDetail;

describe("carDetailView", () => {
  it("answers every field in the contract's order: not set is null, isActive true, the date a date-time", () => {
    const view = carDetailView(
      record({ catalogPrice: 40000, fuel: "Petrol", euroStandard: "Euro6", kilowatt: 110, nedC2: 0 }),
    );
    // docs/contract.md, CarDetail: "always returned", "null when not set", isActive "default true".
    expect(JSON.stringify(view)).toBe(
      JSON.stringify({
        id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
        ownerId: "0b6f1c2d-7e8f-4a9b-8c0d-1e2f3a4b5c6d",
        name: null,
        internalName: null,
        catalogPrice: 40000,
        firstRegistration: null,
        fuel: "Petrol",
        euroStandard: "Euro6",
        kilowatt: 110,
        wltp: null,
        nedC2: 0,
        capacity: null,
        weight: null,
        batteryCapacity: null,
        nedC2NonHybrid: null,
        wltpNonHybrid: null,
        isActive: true,
        euro6eBis: null,
        oldtimerPlate: null,
      }),
    );
  });

  it("gives back what is stored, the date with a zero time part", () => {
    const car = {
      name: "Compact",
      internalName: "FLEET-0042",
      catalogPrice: 40000,
      firstRegistration: "2025-03-01",
      fuel: "PluginHybridPetrol",
      euroStandard: "Euro6",
      kilowatt: 110,
      wltp: 30,
      nedC2: 25,
      capacity: 1498,
      weight: 1650,
      batteryCapacity: 19.5,
      nedC2NonHybrid: 140,
      wltpNonHybrid: 150,
      isActive: false,
      euro6eBis: true,
      oldtimerPlate: false,
    };
    expect(carDetailView(record(car))).toStrictEqual({
      id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
      ownerId: "0b6f1c2d-7e8f-4a9b-8c0d-1e2f3a4b5c6d",
      ...car,
      firstRegistration: "2025-03-01T00:00:00",
    });
  });
});
