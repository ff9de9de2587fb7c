import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getSandboxConfig } from "@/lib/sandbox/config";

// The mail catcher's own frame: it stands for the applicant's mailbox, so it has a neutral look (not the portal's)
// and English only, like the hosted identity check. Sandbox mode only: 404 in live mode.

export const metadata: Metadata = { title: { absolute: "Sandbox mail" }, robots: { index: false, follow: false } };

export default function SandboxMailLayout({ children }: { children: ReactNode }) {
  if (!getSandboxConfig().enabled) notFound();
  return (
    <div lang="en" className="flex flex-1 flex-col bg-zinc-100 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="border-b border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900">
        <div className="mx-auto flex w-full max-w-4xl items-center gap-3 px-4 py-3">
          <svg viewBox="0 0 24 24" className="h-7 w-7 shrink-0" aria-hidden="true">
            <path fill="currentColor" d="M3 5h18v14H3V5Zm2 2v.5l7 4.5 7-4.5V7H5Zm14 2.9-7 4.5-7-4.5V17h14V9.9Z" />
          </svg>
          <p className="text-lg font-bold">
            Mail catcher <span className="font-normal text-zinc-600 dark:text-zinc-400">· sandbox</span>
          </p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 focus:outline-none">
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Every email the portal sends in sandbox mode lands here: nothing leaves this machine.
      </footer>
    </div>
  );
}
