"use client";

// What the Register screen does with the server's payment answers (docs/decisions/050):
// a GCash reference used for another payment (409 duplicate_reference) is an error on the
// reference field; a bank reference seen before (409 reference_needs_confirmation) is a warning
// the user confirms, and the same registration goes again with confirmReference.
import { useState } from "react";
import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";

interface PendingConfirmation {
  message: string;
  retry: () => void;
}

/**
 * `handle(error, retry)` answers true when the error was about the payment reference (and shows
 * it: `onDuplicate` puts the message on the reference field); `retry` re-sends the same
 * registration with confirmReference set.
 */
export function usePaymentConflicts(onDuplicate: (message: string) => void) {
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  function handle(error: unknown, retry: () => void): boolean {
    if (!(error instanceof ApiError)) return false;
    if (error.code === "duplicate_reference") {
      onDuplicate(error.message);
      return true;
    }
    if (error.code === "reference_needs_confirmation") {
      setPending({ message: error.message, retry });
      return true;
    }
    return false;
  }
  return { pending, handle, dismiss: () => setPending(null) };
}

export function PaymentConfirmation({
  pending,
  onDismiss,
  disabled,
}: {
  pending: PendingConfirmation | null;
  onDismiss: () => void;
  disabled: boolean;
}) {
  if (!pending) return null;
  return (
    <div
      role="alert"
      className={
        "space-y-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm " +
        "text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50"
      }
      data-testid="reference-confirmation"
    >
      <p className="flex gap-2">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{pending.message}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={disabled}
          onClick={() => {
            onDismiss();
            pending.retry();
          }}
        >
          Use This Reference Anyway
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
          Change Reference
        </Button>
      </div>
    </div>
  );
}
