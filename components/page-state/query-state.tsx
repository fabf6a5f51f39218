// One way a screen shows a read's three other states (issue 41): skeleton rows while it loads (a
// status region with its label), the server's message when it fails (an alert), and a sentence when
// there is nothing; the content only once there is something to show.
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";

export function QueryState({
  query,
  loadingLabel,
  errorFallback,
  isEmpty,
  empty,
  rows = 2,
  rowClassName = "h-10 w-full",
  emptyClassName = "py-6 text-center text-sm text-muted-foreground",
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** What is loading, for screen readers ("Loading the print log"). */
  loadingLabel: string;
  /** The message when the server sent none ("Failed to load the print log"). */
  errorFallback: string;
  isEmpty: boolean;
  /** The sentence shown when there is nothing. */
  empty: ReactNode;
  rows?: number;
  rowClassName?: string;
  emptyClassName?: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className={rowClassName} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error, errorFallback)}
      </p>
    );
  }
  if (isEmpty) return <p className={emptyClassName}>{empty}</p>;
  return <>{children}</>;
}
