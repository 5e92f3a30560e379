/**
 * Version of the rule tables. Bumped whenever a parameter row is added or changed, so a stored
 * result can say which rules produced it.
 */
export const RULES_VERSION = "2026.12.1";
