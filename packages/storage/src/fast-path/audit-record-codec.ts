import { deflateRawSync, inflateRawSync, type ZlibOptions } from "node:zlib";
import { AUDIT_DICTIONARY_1 } from "./audit-dictionary";

/**
 * How an audit record keeps the request as received and the answer as sent: both texts in one
 * raw-deflate stream (Node's zlib) with a preset dictionary of the service's usual texts, the
 * request's length in UTF-8 bytes telling where the answer starts. The texts are kept, not
 * re-serialised objects, so a record reads back byte for byte what was sent.
 *
 * Encodings are numbered and never change: a record names its own, so a later, better encoding is
 * added beside this one and every record ever written still reads back.
 */
export const AUDIT_ENCODING = 1;

const dictionaries: Readonly<Record<number, Buffer>> = { 1: Buffer.from(AUDIT_DICTIONARY_1, "utf8") };

/**
 * zlib's fastest level: with the dictionary it keeps the benchmark's record at 675 bytes for 63 µs
 * of CPU, where level 6 takes 124 µs for 557 bytes (the writer shares two cores with the server).
 * The level is not part of the encoding: any level inflates with the same dictionary.
 */
const LEVEL = 1;

/** The stored form of a request and an answer. */
export interface EncodedAudit {
  readonly encoding: number;
  /** The length of the request text in UTF-8 bytes: where the answer starts in the inflated body. */
  readonly request_bytes: number;
  readonly body: Buffer;
}

/** The texts of a record. */
export interface AuditTexts {
  readonly request: string;
  readonly result: string;
}

/** The bytes an encoding compresses: the request's UTF-8 then the answer's, and where they meet. */
function auditBytes(request: string, result: string): { bytes: Buffer; requestBytes: number } {
  const head = Buffer.from(request, "utf8");
  return { bytes: Buffer.concat([head, Buffer.from(result, "utf8")]), requestBytes: head.byteLength };
}

const DEFLATE_OPTIONS: ZlibOptions = { dictionary: dictionaries[AUDIT_ENCODING], level: LEVEL };

/** Compresses a request and its answer (synchronous: run it off the event loop, as the SQLite writer does). */
export function encodeAudit(request: string, result: string): EncodedAudit {
  const { bytes, requestBytes } = auditBytes(request, result);
  return {
    encoding: AUDIT_ENCODING,
    request_bytes: requestBytes,
    body: deflateRawSync(bytes, DEFLATE_OPTIONS),
  };
}

/** The texts of a stored record; throws on an encoding this build does not know. */
export function decodeAudit(stored: {
  readonly encoding: number;
  readonly request_bytes: number;
  readonly body: Uint8Array;
}): AuditTexts {
  const dictionary = dictionaries[stored.encoding];
  if (!dictionary) throw new Error(`audit record encoding ${stored.encoding} is unknown to this build`);
  const bytes = inflateRawSync(stored.body, { dictionary });
  return {
    request: bytes.toString("utf8", 0, stored.request_bytes),
    result: bytes.toString("utf8", stored.request_bytes),
  };
}
