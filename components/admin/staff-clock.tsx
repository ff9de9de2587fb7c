"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { staffClockOf, type StaffClock } from "@/lib/admin/clock";

const ZoneContext = createContext<string | null>(null);

/** Gives the staff area's client components the signed-in staff member's time zone (null: none yet, UTC). */
export function StaffClockProvider({ timeZone, children }: { timeZone: string | null; children: ReactNode }) {
  return <ZoneContext.Provider value={timeZone}>{children}</ZoneContext.Provider>;
}

/** The clock a client component formats staff times with: the same zone and language as the server's pages. */
export function useStaffClock(): StaffClock {
  const { locale } = useI18n();
  const timeZone = useContext(ZoneContext);
  return useMemo(() => staffClockOf(locale, timeZone), [locale, timeZone]);
}
