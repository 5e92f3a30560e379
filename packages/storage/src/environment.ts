/**
 * The environment a service instance runs in (docs/contract.md, Authentication 2): each has its
 * own keys and its own data, and a key of one never works on the other.
 */
export const ENVIRONMENTS = ["acceptance", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === "string" && (ENVIRONMENTS as readonly string[]).includes(value);
}
