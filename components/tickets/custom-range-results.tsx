"use client";

// The Custom Range Generator's results panel: generated, skipped, failed, the skipped numbers
// (collapsed when long) and the errors.
import { ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import type { CustomRangeResult } from "@/lib/api/tickets";
import { formatCount } from "@/lib/format";

/** Skipped numbers shown before the rest fold away. */
export const SKIPPED_SHOWN = 20;
/** Errors listed (a range past the limit fails every number in it: up to 10,000 lines). */
const ERRORS_SHOWN = 50;

const pad = (n: number) => String(n).padStart(5, "0");

function NumberList({ numbers }: { numbers: number[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {numbers.map((n) => (
        <li key={n} className="rounded bg-background px-1.5 py-0.5 font-mono text-xs ring-1 ring-border">
          {pad(n)}
        </li>
      ))}
    </ul>
  );
}

export function CustomRangeResults({ result }: { result: CustomRangeResult }) {
  const { stats, skipped, errors } = result;
  const shown = skipped.slice(0, SKIPPED_SHOWN);
  const folded = skipped.slice(SKIPPED_SHOWN);
  return (
    <section
      aria-label="Results"
      className="space-y-3 rounded-lg border p-4"
      data-testid="custom-range-results"
      role="status"
    >
      <h3 className="text-sm font-semibold">Results</h3>
      <p className="text-sm">{result.message}</p>
      <dl className="grid grid-cols-3 gap-3 text-center text-sm">
        <div className="rounded-md bg-emerald-50 p-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <dt>Generated</dt>
          <dd className="text-lg font-bold" data-testid="result-generated">
            {formatCount(stats.generated)}
          </dd>
        </div>
        <div className="rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <dt>Skipped</dt>
          <dd className="text-lg font-bold" data-testid="result-skipped">
            {formatCount(stats.skipped)}
          </dd>
        </div>
        <div className="rounded-md bg-rose-50 p-2 text-rose-900 dark:bg-rose-950 dark:text-rose-100">
          <dt>Failed</dt>
          <dd className="text-lg font-bold" data-testid="result-failed">
            {formatCount(stats.failed)}
          </dd>
        </div>
      </dl>
      {skipped.length > 0 && (
        <div className="space-y-2" data-testid="skipped-numbers">
          <p className="text-sm font-medium">Skipped numbers (already taken)</p>
          <NumberList numbers={shown} />
          {folded.length > 0 && (
            <Collapsible>
              <CollapsibleContent className="pt-1.5">
                <NumberList numbers={folded} />
              </CollapsibleContent>
              <CollapsibleTrigger asChild>
                <Button type="button" variant="link" size="sm" className="group h-auto px-0">
                  <ChevronDown className="transition-transform group-data-[state=open]:rotate-180" />
                  <span className="group-data-[state=open]:hidden">Show {formatCount(folded.length)} more</span>
                  <span className="hidden group-data-[state=open]:inline">Show fewer</span>
                </Button>
              </CollapsibleTrigger>
            </Collapsible>
          )}
        </div>
      )}
      {errors.length > 0 && (
        <div className="space-y-1" data-testid="range-errors">
          <p className="text-sm font-medium text-destructive">Errors</p>
          <ul className="max-h-40 space-y-0.5 overflow-y-auto text-sm">
            {errors.slice(0, ERRORS_SHOWN).map((e) => (
              <li key={e.number}>
                <span className="font-mono">{pad(e.number)}</span>: {e.error}
              </li>
            ))}
          </ul>
          {errors.length > ERRORS_SHOWN && (
            <p className="text-sm text-muted-foreground">... and {formatCount(errors.length - ERRORS_SHOWN)} more</p>
          )}
        </div>
      )}
    </section>
  );
}
