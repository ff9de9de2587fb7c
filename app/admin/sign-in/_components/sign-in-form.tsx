"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

type Texts = {
  email: string;
  password: string;
  submit: string;
  submitting: string;
  failed: string;
  or: string;
  oidc: string;
  errorTitle: string;
};

/** Email and password through next-auth's credentials sign-in; one message for every failure, focused for screen readers. */
export function SignInForm({
  callbackUrl,
  oidc,
  initialError,
  texts,
}: {
  callbackUrl: string;
  oidc: boolean;
  initialError?: string;
  texts: Texts;
}) {
  const router = useRouter();
  const [error, setError] = useState(initialError);
  const [busy, setBusy] = useState(false);
  const alert = useRef<HTMLDivElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    const result = await signIn("credentials", {
      email: data.get("email"),
      password: data.get("password"),
      redirect: false,
      callbackUrl,
    }).catch(() => undefined);
    if (result?.ok && !result.error) {
      router.replace(callbackUrl);
      router.refresh();
      return;
    }
    setBusy(false);
    setError(texts.failed);
    requestAnimationFrame(() => alert.current?.focus());
  }

  return (
    <div className="flex flex-col gap-6">
      {error ? (
        <div ref={alert} tabIndex={-1} className="focus:outline-none">
          <Alert tone="error" title={texts.errorTitle}>
            {error}
          </Alert>
        </div>
      ) : null}
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-5" noValidate>
        <TextField id="staff-email" name="email" type="email" label={texts.email} autoComplete="username" required spellCheck={false} />
        <TextField id="staff-password" name="password" type="password" label={texts.password} autoComplete="current-password" required />
        <Button type="submit" busy={busy} disabled={busy} className="self-start">
          {busy ? texts.submitting : texts.submit}
        </Button>
      </form>
      {oidc ? (
        <>
          <p className="text-center text-sm text-fg-muted">{texts.or}</p>
          <Button variant="secondary" onClick={() => void signIn("oidc", { callbackUrl })}>
            {texts.oidc}
          </Button>
        </>
      ) : null}
    </div>
  );
}
