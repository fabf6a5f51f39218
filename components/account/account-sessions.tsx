"use client";

// The signed-in user's own sessions (issue 25 item 12, docs/decisions/070): each browser or
// mobile-app sign-in that is still alive, this one marked, with End Session for the others.
// Shown in Settings → Account and, for everyone, from the account menu's "Your Sessions".
import { Monitor, Smartphone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import type { AccountSession } from "@/lib/api/sessions";
import { formatDateTime } from "@/lib/format";
import { useAccountSessions, useEndSession } from "@/lib/queries/sessions";
import { useRaffleTimezone } from "@/lib/queries/settings";

const KIND_LABELS: Record<AccountSession["kind"], string> = { cookie: "Browser", bearer: "Mobile app" };

export function AccountSessions() {
  const sessions = useAccountSessions();
  const end = useEndSession();
  const timeZone = useRaffleTimezone();

  if (sessions.isPending) return <Spinner label="Loading sessions" />;
  if (sessions.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your sessions. Please try again.
      </p>
    );

  async function endSession(session: AccountSession) {
    try {
      await end.mutateAsync(session.id);
      toast.success("Session ended");
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 404
          ? "That session had already ended"
          : "Failed to end the session. Please try again.",
      );
    }
  }

  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        {others === 0
          ? "You are signed in here only."
          : `You are signed in here and in ${others} other place${others === 1 ? "" : "s"}.`}{" "}
        A session ends after the idle time set by the administrators, and at the latest 12 hours after sign-in.
      </p>
      <ul className="divide-y rounded-md border" aria-label="Your sessions">
        {sessions.data.map((session) => {
          const Icon = session.kind === "bearer" ? Smartphone : Monitor;
          const ending = end.isPending && end.variables === session.id;
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {KIND_LABELS[session.kind]}
                    {session.current && <Badge variant="secondary">This session</Badge>}
                  </p>
                  <p className="text-muted-foreground">
                    Signed in {formatDateTime(session.created_at, timeZone)} · last active{" "}
                    {formatDateTime(session.last_seen_at, timeZone)}
                  </p>
                </div>
              </div>
              {!session.current && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={ending}
                  onClick={() => void endSession(session)}
                >
                  {ending && <Spinner />}
                  End Session
                  <span className="sr-only">
                    {" "}
                    ({KIND_LABELS[session.kind]}, signed in {formatDateTime(session.created_at, timeZone)})
                  </span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
