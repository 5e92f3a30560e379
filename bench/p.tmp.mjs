import { calculate } from "@cartax/engine";
const request = { car: { catalogPrice: 42350.5, firstRegistration: "2024-09-15", fuel: "PluginHybridPetrol", euroStandard: "Euro6", kilowatt: 150, wltp: 38, nedC2: 0, capacity: 1984, weight: 2100, batteryCapacity: 19.7 },
  profile: { status: "SelfEmployed", registrationOn: "CompanyRegistration", region: "Flanders", hasFuelCard: true },
  options: { registrationDate: "2025-03-01", orderDate: "2024-11-15", ownMonthlyCost: 50 } };
for (let i = 0; i < 20000; i++) calculate(request);
const t = performance.now(); for (let i = 0; i < 100000; i++) calculate(request); console.log("µs", ((performance.now() - t) * 10).toFixed(2));
