import { CALCULATORS, Region } from "@cartax/engine";
import { z } from "zod";

/** One legislative test vector (test-vectors/README.md). */
export const vectorSchema = z.object({
  id: z.string().min(1),
  description: z.string().optional(),
  request: z.unknown(),
  lineYear: z.number().int(),
  expected: z.object({
    outcome: z.enum(["amount", "exempt", "missingInput", "notApplicable", "rulesNotAvailable"]),
    rawValue: z.number().optional(),
    provisional: z.boolean().optional(),
  }),
  tolerance: z.number().min(0).max(1).optional(),
  kind: z.string().optional(),
  source: z.string().min(1),
  derivation: z.string().optional(),
  sourceValue: z.number().nullish(),
  sourceNote: z.string().optional(),
});

export const vectorFileSchema = z.object({
  calculator: z.enum(CALCULATORS as [string, ...string[]]),
  year: z.number().int().optional(),
  region: z.enum(Object.keys(Region) as [string, ...string[]]).nullish(),
  source: z.string().optional(),
  vectors: z.array(vectorSchema),
});

export type Vector = z.output<typeof vectorSchema>;
export type VectorFile = z.output<typeof vectorFileSchema>;
