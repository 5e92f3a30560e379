/** Examples of the OpenAPI document; a test checks each against its schema. */
export const carDetailExample = {
  name: "Compact petrol, 2025",
  internalName: "FLEET-0042",
  catalogPrice: 40000,
  firstRegistration: "2025-03-01",
  fuel: "Petrol",
  euroStandard: "Euro6",
  kilowatt: 110,
  wltp: 130,
  nedC2: 0,
  capacity: 1498,
  weight: 1450,
};

export const calculationRequestExample = {
  carDetail: carDetailExample,
  userProfile: {
    postalCode: 9000,
    status: "SelfEmployed",
    registrationOn: "CompanyRegistration",
    regionRegistration: "Flanders",
    viewOptions: 63,
    hasFuelCard: true,
    language: "en",
  },
  options: { registrationDate: "2025-03-01", orderDate: "2024-11-15" },
  version: "1",
};

export const problemExample = {
  type: "/problems/validation-error",
  title: "The request is invalid",
  status: 400,
  code: "validation_error",
  detail: "userProfile.postalCode: Too big: expected number to be <=9992",
  instance: "urn:cartax:request:5f0c6b1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e",
  errors: [
    {
      field: "userProfile.postalCode",
      rule: "max",
      message: "userProfile.postalCode: Too big: expected number to be <=9992",
    },
  ],
};
