/**
 * The one calculation every benchmark measures: a plug-in hybrid, the most expensive path (the
 * fake-hybrid test, both federal regimes, the Flemish BIV and green road tax). Shared so that the
 * engine, phase, comparison and HTTP figures are of the same calculation.
 */
export const benchCar = {
  catalogPrice: 42350.5,
  firstRegistration: "2024-09-15",
  fuel: "PluginHybridPetrol",
  euroStandard: "Euro6",
  kilowatt: 150,
  wltp: 38,
  nedC2: 0,
  capacity: 1984,
  weight: 2100,
  batteryCapacity: 19.7,
};

const options = { registrationDate: "2025-03-01", orderDate: "2024-11-15", ownMonthlyCost: 50 };

/** The engine's input (`calculate`). */
export const benchEngineRequest = {
  car: benchCar,
  profile: {
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    region: "Flanders",
    hasFuelCard: true,
  },
  options,
};

/** The same calculation as a POST /v1/Calculate body. */
export const benchHttpRequest = {
  carDetail: benchCar,
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
    hasFuelCard: true,
  },
  options,
};
