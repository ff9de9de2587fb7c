"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";

/** Ends the staff session (next-auth's CSRF-protected sign-out) and returns to the sign-in page. */
export function SignOutButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" onClick={() => void signOut({ callbackUrl: "/admin/sign-in" })}>
      {label}
    </Button>
  );
}
