/**
 * Tables of the service. Types are the same on SQLite and PostgreSQL: booleans are integers 0/1,
 * timestamps ISO-8601 text (UTC, milliseconds; they sort as text), JSON documents text.
 */
export interface DatabaseSchema {
  accounts: AccountTable;
  subscriptions: SubscriptionTable;
  car_details: CarDetailTable;
  calculations: CalculationTable;
}

/** An account (the spec's `ownerId`): owns subscriptions and records. */
export interface AccountTable {
  id: string;
  created_at: string;
}

export interface SubscriptionTable {
  id: string;
  owner_id: string;
  name: string;
  environment: string;
  active: number;
  calculation_access: number;
  prices_include_vat: number;
  /** SHA-256 (hex) of the primary key; the key itself is never stored. */
  primary_key_hash: string;
  secondary_key_hash: string;
  created_at: string;
  updated_at: string;
}

/** Car details; ids are scoped per account (primary key owner_id, id). */
export interface CarDetailTable {
  owner_id: string;
  id: string;
  /** The validated CarDetail body (enumeration names, catalogPrice excluding VAT) as JSON. */
  data: string;
  created_at: string;
  updated_at: string;
}

/** The audit record of a Calculate call: what was asked, what was answered, under which rules. */
export interface CalculationTable {
  id: string;
  owner_id: string;
  subscription_id: string;
  request: string;
  result: string;
  rules_version: string;
  client_version: string | null;
  created_at: string;
}
