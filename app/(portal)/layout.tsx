import type { ReactNode } from "react";
import { PortalChrome } from "@/app/_components/portal-chrome";

export default function PortalLayout({ children }: { children: ReactNode }) {
  return <PortalChrome>{children}</PortalChrome>;
}
