// The one warning shown wherever something public is printed or published (Settings, Print stubs,
// the Commitment Notice, Publish): it names the URL that would be printed and why a buyer's phone
// could not open it (lib/public-url.ts, docs/decisions/201). Renders nothing when the URL is fine.
import { AlertTriangle } from "lucide-react";
import type { PublicUrlView } from "@/lib/public-url";

export function PublicUrlWarning({ view }: { view: PublicUrlView | undefined }) {
  if (!view?.warning) return null;
  return (
    <p
      role="note"
      data-testid="public-url-warning"
      className={
        "flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 " +
        "text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      }
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{view.warning}</span>
    </p>
  );
}
