"use client";

import { useEffect } from "react";
import { useFormStatus } from "react-dom";
import { CircleAlert, Info, Lock, ShieldCheck, Wrench } from "lucide-react";
import { GoogleIcon } from "@/components/auth/google-icon";
import { Logo } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { RAFFLE_TITLE } from "@/lib/constants";

interface LoginScreenProps {
  errorMessage: string | null;
  isGoogleConfigured: boolean;
  isDevLoginEnabled: boolean;
  /** The local run's development sign-in asks for the code `npm run local` printed. */
  isDevLoginCodeRequired?: boolean;
  needsFirstAdmin: boolean;
  /** The site_description setting (else site_name), a line under the spec's subtitle. */
  tagline?: string | null;
  signInWithGoogle: () => Promise<void>;
  signInWithDevLogin: (formData: FormData) => Promise<void>;
}

function GoogleButton({ disabled }: { disabled: boolean }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" size="lg" variant="outline" className="w-full text-base" disabled={disabled || pending}>
      {pending ? <Spinner className="size-5" label="Signing in" /> : <GoogleIcon className="size-5" />}
      {pending ? "Signing in..." : "Sign in with Google"}
    </Button>
  );
}

function DevLoginButton() {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant="secondary" className="w-full" disabled={pending}>
      {pending && <Spinner />}
      {pending ? "Signing in..." : "Sign in (development)"}
    </Button>
  );
}

export function LoginScreen(props: LoginScreenProps) {
  const { errorMessage } = props;

  useEffect(() => {
    // An id: React runs effects twice in development, and one refusal is one toast.
    if (errorMessage) toast.error(errorMessage, { id: "login-error" });
  }, [errorMessage]);

  return (
    <main
      className={
        "flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white " +
        "to-purple-100 p-4 dark:from-slate-950 dark:via-slate-900 dark:to-indigo-950"
      }
    >
      <Card
        className={
          "w-full max-w-md gap-5 border-white/60 shadow-xl " +
          "shadow-indigo-200/50 dark:border-border dark:shadow-black/40"
        }
      >
        <CardHeader className="justify-items-center gap-3 text-center">
          <Logo className="size-16" />
          <h1 className="text-2xl font-bold tracking-tight">{RAFFLE_TITLE}</h1>
          <p className="text-muted-foreground">Authorized User Access</p>
          {props.tagline && <p className="text-sm text-muted-foreground">{props.tagline}</p>}
        </CardHeader>

        <CardContent className="space-y-5">
          {errorMessage && (
            <div
              role="alert"
              className={
                "flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm " +
                "text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
              }
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" />
              <p>{errorMessage}</p>
            </div>
          )}

          <form action={props.signInWithGoogle}>
            <GoogleButton disabled={!props.isGoogleConfigured} />
          </form>
          {!props.isGoogleConfigured && (
            <p className="text-center text-xs text-muted-foreground">
              Google sign-in is not configured on this server (AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET).
            </p>
          )}
          <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
            <Lock className="size-3.5" />
            Secure authentication via Google OAuth
          </p>

          {props.isDevLoginEnabled && (
            <form
              action={props.signInWithDevLogin}
              className={
                "space-y-3 rounded-lg border border-dashed border-amber-300 " +
                "bg-amber-50/60 p-4 dark:border-amber-700 dark:bg-amber-950/40"
              }
            >
              <div className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-200">
                <Wrench className="size-4" />
                Development sign-in
              </div>
              <p className="text-xs text-amber-900/80 dark:text-amber-200/80">
                {props.isDevLoginCodeRequired
                  ? "The local run (npm run local): signs in as an allow-listed email without " +
                    "Google, with the sign-in code it printed when it started."
                  : "Local use only (AUTH_DEV_LOGIN=true): signs in as an allow-listed email without Google."}
              </p>
              <div className="space-y-1.5">
                <Label htmlFor="dev-login-email">Email</Label>
                <Input
                  id="dev-login-email"
                  name="email"
                  type="email"
                  required
                  placeholder="admin@example.com"
                  autoComplete="email"
                  className="bg-background"
                />
              </div>
              {props.isDevLoginCodeRequired && (
                <div className="space-y-1.5">
                  <Label htmlFor="dev-login-code">Sign-in code</Label>
                  <Input
                    id="dev-login-code"
                    name="code"
                    required
                    placeholder="XXXX-XXXX"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    className="bg-background font-mono uppercase"
                  />
                </div>
              )}
              <DevLoginButton />
            </form>
          )}

          {props.needsFirstAdmin && (
            <div
              className={
                "space-y-1.5 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm " +
                "text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100"
              }
            >
              <div className="flex items-center gap-2 font-semibold">
                <Info className="size-4" />
                No users yet
              </div>
              <p>
                Add the first administrator with{" "}
                <code className="rounded bg-background px-1 py-0.5 text-xs">
                  npm run users -- add you@example.com --admin
                </code>
                , or list it in <code className="rounded bg-background px-1 py-0.5 text-xs">ADMIN_EMAILS</code> and
                restart the server.
              </p>
            </div>
          )}

          <section
            aria-labelledby="user-access-heading"
            className={
              "space-y-2 rounded-lg border border-indigo-100 bg-indigo-50/70 p-4 " +
              "text-sm dark:border-indigo-900 dark:bg-indigo-950/50"
            }
          >
            <h2
              id="user-access-heading"
              className="flex items-center gap-2 font-semibold text-indigo-900 dark:text-indigo-100"
            >
              <ShieldCheck className="size-4" />
              User Access
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-indigo-900/80 dark:text-indigo-100/85">
              <li>Administrators have full access to all features.</li>
              <li>Users can register tickets and view the overview.</li>
              <li>Contact the administrator to be granted access.</li>
            </ul>
          </section>
        </CardContent>
      </Card>
    </main>
  );
}
