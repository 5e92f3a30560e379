/**
 * Registration dates the engine answers for (the contract). Input validation refuses a date
 * outside it, and the law layer checks that a statutory constant's one row covers its first day:
 * both read it here, so that the law never imports the input layer.
 */
export const REGISTRATION_DATE_RANGE = { from: "2021-01-01", to: "2028-12-31" } as const;
