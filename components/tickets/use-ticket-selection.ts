"use client";

// Tickets Management's ticked rows (Print stubs' "selected rows", issue 41: a hook of its own): kept
// across pages and filters until cleared, with the list's filter for "every ticket matching".
import { useMemo, useState } from "react";
import type { RowSelection } from "@/components/tickets/data-table";
import {
  describeFilter,
  selectedTicketOf,
  type ListFilter,
  type SelectedTicket,
  type TicketSelection,
} from "@/components/tickets/ticket-selection";
import type { TicketSearchParams } from "@/lib/api/tickets";
import type { useTicketsPage } from "@/lib/queries/tickets";

export function useTicketSelection(options: {
  isFiltered: boolean;
  params: TicketSearchParams;
  list: ReturnType<typeof useTicketsPage>;
}) {
  const { isFiltered, params, list } = options;
  const [selected, setSelected] = useState<ReadonlyMap<string, SelectedTicket>>(() => new Map());
  const rowSelection = useMemo<RowSelection>(
    () => ({
      selectedIds: new Set(selected.keys()),
      onToggle: (toggled, checked) =>
        setSelected((current) => {
          const next = new Map(current);
          for (const t of toggled) {
            const s = selectedTicketOf(t);
            if (checked) next.set(s.id, s);
            else next.delete(s.id);
          }
          return next;
        }),
    }),
    [selected],
  );
  const listFilter = useMemo<ListFilter | null>(
    () =>
      isFiltered
        ? { search: params.search, status: params.status ?? "all", payment: params.payment, user: params.user }
        : null,
    [isFiltered, params],
  );
  const selection = useMemo<TicketSelection>(
    () => ({
      selected: [...selected.values()],
      clearSelection: () => setSelected(new Map()),
      filter: listFilter,
      filterLabel: listFilter ? describeFilter(listFilter) : "",
      filterTotal: listFilter && list.data && !list.isPlaceholderData ? list.data.total : null,
    }),
    [selected, listFilter, list.data, list.isPlaceholderData],
  );
  return { count: selected.size, rowSelection, selection, clear: () => setSelected(new Map()) };
}
