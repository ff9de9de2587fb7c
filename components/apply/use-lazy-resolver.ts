"use client";

import { useCallback, useEffect, useRef } from "react";
import type { FieldValues, Resolver } from "react-hook-form";
import type { ProductRequirements, StepId } from "@/lib/requirements/types";

type Loaded = Resolver<FieldValues>;

// Without the validation code (its chunk failed to load), the answers go to the server as they are: it runs
// the same schema and answers 422 with the same field errors, so the person still sees them.
const serverOnly: Loaded = (values) => ({ values, errors: {} });

/**
 * The step's resolver, its code fetched at the person's first touch, click, key or focus on the page instead of
 * with it (first-load JS and start-up work on a phone: it is about 65 kB of zod and the schema); a Continue
 * pressed before it has arrived waits for it. A failed fetch is tried again on the next Continue.
 */
export function useLazyResolver(requirements: ProductRequirements, step: StepId): Resolver<FieldValues> {
  const loaded = useRef<Promise<Loaded> | null>(null);
  const load = useCallback(() => {
    loaded.current ??= import("@/components/apply/step-resolver")
      .then((m) => m.stepResolver(requirements, step))
      .catch(() => {
        loaded.current = null;
        return serverOnly;
      });
    return loaded.current;
  }, [requirements, step]);

  useEffect(() => {
    loaded.current = null; // a new product or step needs its own schema
    const events = ["pointerdown", "keydown", "focusin"] as const;
    const start = () => {
      for (const e of events) window.removeEventListener(e, start, true);
      void load();
    };
    for (const e of events) window.addEventListener(e, start, { capture: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, start, true);
    };
  }, [load]);

  return useCallback<Loaded>(async (values, context, options) => (await load())(values, context, options), [load]);
}
