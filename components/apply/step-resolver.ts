import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { buildCardholderSchema } from "@/lib/requirements/schema";
import type { CardholderPayload, ProductRequirements, StepId } from "@/lib/requirements/types";

// Loaded on its own (components/apply/use-lazy-resolver.ts): zod, the product's schema and the phone metadata
// are most of a form step's JavaScript, and nothing needs them before the first Continue.

/** The step's validation with the server's own schema (its input is raw form values, `unknown` to zod). */
export function stepResolver(requirements: ProductRequirements, step: StepId): Resolver<FieldValues> {
  const schema = buildCardholderSchema(requirements, { now: new Date(), step }) as z.ZodType<CardholderPayload, FieldValues>;
  return zodResolver(schema) as Resolver<FieldValues>;
}
