"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * True in the renders of a hydration (React reads the server's snapshot), false once hydrated and in any render
 * after a client navigation: what was in the server's HTML, typed into before the script ran, is only there then.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
