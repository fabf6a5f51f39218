"use client";

import { History } from "lucide-react";
import { urlInteger, urlString } from "@/lib/url-state";
import { useUrlState } from "@/lib/use-url-state";
import { ActivityChanges, ActivitySummary } from "@/components/settings/activity-entry";
import { ActivityLogFilters, type ActivityFilterValues } from "@/components/settings/activity-log-filters";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { actionLabel } from "@/lib/activity";
import { errorMessage } from "@/lib/api-client";
import { formatCountOf, formatDateTime } from "@/lib/format";
import { useAuditLog, useExportActivityLog } from "@/lib/queries/audit";
import { useRaffleTimezone } from "@/lib/queries/settings";
import type { AuditEntry } from "@/lib/schemas/audit";

/** The filters and the page live in the URL: a filtered view can be reloaded and shared. */
const urlState = {
  action: urlString.withDefault(""),
  actor: urlString.withDefault(""),
  from: urlString.withDefault(""),
  to: urlString.withDefault(""),
  page: urlInteger.withDefault(1),
};

const WHEN_PATTERN = "MMM d, yyyy h:mm:ss a";

export function ActivityLogTab() {
  const [state, setState] = useUrlState(urlState);
  const { page, ...filters } = state;
  const query = useAuditLog(state);
  const exportLog = useExportActivityLog();
  const raffleTimezone = useRaffleTimezone();
  const timezone = query.data?.timezone ?? raffleTimezone;
  const data = query.data;

  function changeFilters(changes: Partial<ActivityFilterValues>) {
    void setState({ ...changes, page: 1 });
  }

  async function exportCsv() {
    try {
      await exportLog.mutateAsync(filters);
      toast.success("Activity log exported successfully!");
    } catch (error) {
      toast.error(`Failed to export the activity log: ${errorMessage(error, "Unknown error")}`);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" />
          Activity Log
        </CardTitle>
        <CardDescription>
          Every change to tickets, users and settings: who, what, before and after. Times are in {timezone}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ActivityLogFilters
          filters={filters}
          onChange={changeFilters}
          onClear={() => void setState({ action: "", actor: "", from: "", to: "", page: 1 })}
          onExport={() => void exportCsv()}
          isExporting={exportLog.isPending}
        />

        <div aria-live="polite" className="sr-only">
          {data ? `${formatCountOf(data.total, "entry", "entries")}, page ${data.page} of ${data.totalPages}` : ""}
        </div>

        {query.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading the activity log">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : query.isError && !data ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
            Failed to load the activity log: {errorMessage(query.error, "Unknown error")}
          </p>
        ) : data && data.entries.length === 0 ? (
          <div className="rounded-lg border border-dashed p-8 text-center">
            <p className="font-medium">No activity found</p>
            <p className="text-sm text-muted-foreground">
              {Object.values(filters).some(Boolean) ? "No entry matches these filters." : "Changes will appear here."}
            </p>
          </div>
        ) : data ? (
          <>
            {query.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(query.error, "Unknown error")}
              </p>
            )}
            <EntriesTable entries={data.entries} timezone={timezone} />
            <EntriesList entries={data.entries} timezone={timezone} />
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <span className="text-muted-foreground">{formatCountOf(data.total, "entry", "entries")}</span>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => void setState({ page: page - 1 })}
                >
                  Previous
                </Button>
                <span>
                  Page {data.page} of {data.totalPages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= data.totalPages}
                  onClick={() => void setState({ page: page + 1 })}
                >
                  Next
                </Button>
              </div>
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function EntriesTable({ entries, timezone }: { entries: AuditEntry[]; timezone: string }) {
  return (
    <div className="hidden rounded-md border md:block">
      <Table className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="w-44">When</TableHead>
            <TableHead>What happened</TableHead>
            <TableHead className="w-[40%]">Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} data-testid="activity-row" className="align-top">
              <TableCell className="text-xs whitespace-normal">
                {formatDateTime(entry.created_at, timezone, WHEN_PATTERN)}
              </TableCell>
              <TableCell className="space-y-1 whitespace-normal">
                <Badge variant="outline">{actionLabel(entry.action)}</Badge>
                <ActivitySummary entry={entry} />
              </TableCell>
              <TableCell className="whitespace-normal">
                <ActivityChanges entry={entry} timeZone={timezone} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function EntriesList({ entries, timezone }: { entries: AuditEntry[]; timezone: string }) {
  return (
    <ul className="space-y-3 md:hidden">
      {entries.map((entry) => (
        <li key={entry.id} data-testid="activity-card" className="min-w-0 space-y-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Badge variant="outline">{actionLabel(entry.action)}</Badge>
            <span className="text-xs text-muted-foreground">
              {formatDateTime(entry.created_at, timezone, WHEN_PATTERN)}
            </span>
          </div>
          <ActivitySummary entry={entry} />
          <ActivityChanges entry={entry} timeZone={timezone} />
        </li>
      ))}
    </ul>
  );
}
