import { ConfigError, readStorageConfig, type StorageConfig } from "@cartax/storage";

/** Runtime configuration, read once from the environment at start-up. */
export interface ServiceConfig extends StorageConfig {
  readonly port: number;
  readonly host: string;
  /**
   * `CARTAX_PUBLIC_BASE_URL`: the external origin for Location headers and public links. Undefined
   * means `http://localhost:<listening port>`.
   */
  readonly publicBaseUrl?: string | undefined;
}

/**
 * Reads PORT (default 3000), HOST (default 127.0.0.1), CARTAX_PUBLIC_BASE_URL and the storage
 * settings shared with the CLI. A wrong value throws a ConfigError whose message is one line.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const raw = env.PORT;
  const port = raw === undefined ? 3000 : /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  const host = env.HOST === undefined ? "127.0.0.1" : env.HOST.trim();
  if (host === "") throw new ConfigError('HOST must not be empty (e.g. "127.0.0.1" or "0.0.0.0")');
  const base = env.CARTAX_PUBLIC_BASE_URL?.trim() || undefined;
  if (base !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(base);
    } catch {}
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
      throw new ConfigError(
        `CARTAX_PUBLIC_BASE_URL must be an http(s) origin such as https://api.example.be, got "${base}"`,
      );
    }
  }
  return { ...readStorageConfig(env), port, host, publicBaseUrl: base?.replace(/\/+$/, "") };
}
