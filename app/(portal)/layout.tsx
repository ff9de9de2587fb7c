import type { ReactNode } from "react";
import { PortalChrome } from "@/components/shell/portal-chrome";

export default function PortalLayout({ children }: { children: ReactNode }) {
  return <PortalChrome>{children}</PortalChrome>;
}
