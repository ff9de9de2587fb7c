"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

/** The section a path belongs to: "/admin" only itself, every other section its pages below it too. */
export function isCurrentSection(href: string, pathname: string): boolean {
  return href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`);
}

/** The staff navigation's links; the current section is marked for screen readers (aria-current) and by eye. */
export function AdminNavLinks({ links }: { links: Array<{ href: string; label: string }> }) {
  const pathname = usePathname() ?? "";
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold">
      {links.map((l) => {
        const current = isCurrentSection(l.href, pathname);
        return (
          <li key={l.href}>
            <Link
              href={l.href}
              aria-current={current ? "page" : undefined}
              className={cn(current && "text-fg underline decoration-2 underline-offset-[6px]")}
            >
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
