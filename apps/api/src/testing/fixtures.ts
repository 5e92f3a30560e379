/** A petrol company car of 2025 that every HTTP test uses as its ordinary input. */
export const petrolCar = {
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol" as const,
  euroStandard: "Euro6" as const,
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
};

/** A company (SelfEmployed) registering in Flanders, postal code Ghent. */
export const companyProfile = {
  postalCode: 9000,
  status: "SelfEmployed" as const,
  registrationOn: "CompanyRegistration" as const,
  regionRegistration: "Flanders" as const,
};

/** A valid CalculationRequest with the petrol car inline. */
export const calculationRequest = {
  carDetail: petrolCar,
  userProfile: companyProfile,
  options: { registrationDate: "2025-03-01" },
};
