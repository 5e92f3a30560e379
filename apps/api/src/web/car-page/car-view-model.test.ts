import type { StoredCar } from "@cartax/storage";
import { describe, expect, it } from "vitest";
import { petrolCar } from "../../testing/fixtures";
import { carView } from "./car-view-model";

describe("the car page's view", () => {
  const car = { ...petrolCar, name: "Golf" } as StoredCar;

  it("is plain data: each region's two taxes, the benefit in kind, the specifications in words", () => {
    const view = carView(car, "2025-03-01", "en");
    expect(view.name).toBe("Golf");
    expect(view.regions.map((r) => r.region)).toEqual(["Flanders", "Wallonia", "Brussels"]);
    expect(view.regions.every((r) => r.registrationTax !== undefined && r.roadTax !== undefined)).toBe(true);
    expect(view.bik).toBeDefined();
    expect(view.specs.length).toBeGreaterThan(4);
    expect(view.computedFor).toContain("1 March 2025");
  });

  it("names a car without a name by its fuel and power", () => {
    expect(carView({ ...car, name: null } as StoredCar, "2025-03-01", "en").name).toMatch(
      /^Petrol 110\skW$/u,
    );
  });
});
