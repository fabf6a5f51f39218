"use client";

import { Download, FilterX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { actionLabel, actorAddress } from "@/lib/activity";
import { useAuditFilterOptions } from "@/lib/queries/audit";

const ALL = "all";

export interface ActivityFilterValues {
  action: string;
  actor: string;
  from: string;
  to: string;
}

export function ActivityLogFilters({
  filters,
  onChange,
  onClear,
  onExport,
  isExporting,
}: {
  filters: ActivityFilterValues;
  onChange: (changes: Partial<ActivityFilterValues>) => void;
  onClear: () => void;
  onExport: () => void;
  isExporting: boolean;
}) {
  const options = useAuditFilterOptions();
  const actions = options.data?.actions ?? [];
  const actors = options.data?.actors ?? [];
  const isFiltered = Object.values(filters).some(Boolean);

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]">
      <div className="space-y-1.5">
        <Label htmlFor="activity-action">Action</Label>
        <Select value={filters.action || ALL} onValueChange={(v) => onChange({ action: v === ALL ? "" : v })}>
          <SelectTrigger id="activity-action" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All actions</SelectItem>
            {[...new Set([...actions, ...(filters.action ? [filters.action] : [])])].map((a) => (
              <SelectItem key={a} value={a}>
                {actionLabel(a)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="activity-actor">User</Label>
        <Select value={filters.actor || ALL} onValueChange={(v) => onChange({ actor: v === ALL ? "" : v })}>
          <SelectTrigger id="activity-actor" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All users</SelectItem>
            {[...new Set([...actors, ...(filters.actor ? [filters.actor] : [])])].map((a) => (
              <SelectItem key={a} value={a}>
                {actorAddress({ actor_email: a })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="activity-from">From</Label>
        <Input
          id="activity-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="activity-to">To</Label>
        <Input
          id="activity-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <Button variant="outline" onClick={onClear} disabled={!isFiltered}>
          <FilterX />
          Clear
        </Button>
        <Button onClick={onExport} disabled={isExporting}>
          {isExporting ? <Spinner /> : <Download />}
          Export CSV
        </Button>
      </div>
    </div>
  );
}
