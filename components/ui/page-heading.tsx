"use client";

import { useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";

const noSubscription = () => () => undefined;

/**
 * The page's h1. After a move inside the app (not a full page load), focus would stay on the button that was
 * pressed, now gone, or on whatever was tabbed to while the page loaded: it goes to the new heading instead,
 * as a page load starts from the top, so the next Tab reaches the page's first field and screen readers hear
 * where they are.
 */
export function PageHeading({
  children,
  className,
  focusOnLoad = false,
}: {
  children: ReactNode;
  className?: string;
  focusOnLoad?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // True only in the first render of a hydration (the server's snapshot); false when mounted by a navigation.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // `focusOnLoad`: a page load that continues a journey (back from a hosted page) also starts at its heading.
  const arrivedByNavigation = useRef(!hydrating || focusOnLoad);
  useEffect(() => {
    if (arrivedByNavigation.current) heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className={`outline-none ${className ?? ""}`}>
      {children}
    </h1>
  );
}
