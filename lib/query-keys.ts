// Every TanStack Query key in one place, so a mutation invalidates exactly what it changes.
// Keys are arrays from general to specific: invalidating ["tickets"] refreshes every ticket
// list, count and lookup at once.
import type { QueryClient } from "@tanstack/react-query";

export const queryKeys = {
  tickets: {
    all: ["tickets"] as const,
    /** Tickets Management's page: search, filters and page. */
    list: (params: object) => ["tickets", "list", params] as const,
    stats: () => ["tickets", "stats"] as const,
    detail: (ref: string) => ["tickets", "detail", ref] as const,
    /** Single registration's lookup by control number or last 5 digits. */
    lookup: (term: string) => ["tickets", "lookup", term] as const,
    unregistered: (params: object) => ["tickets", "unregistered", params] as const,
    creators: () => ["tickets", "creators"] as const,
    attachments: (ticketId: string) => ["tickets", "attachments", ticketId] as const,
  },
  dashboard: {
    all: ["dashboard"] as const,
    stats: () => ["dashboard", "stats"] as const,
    historical: (period: string) => ["dashboard", "historical", period] as const,
    userProgress: () => ["dashboard", "user-progress"] as const,
  },
  settings: {
    all: ["settings"] as const,
  },
  audit: {
    all: ["audit"] as const,
    list: (params: object) => ["audit", "list", params] as const,
  },
  users: {
    all: ["users"] as const,
  },
  /** The signed-in user's own profile (role, name), re-read on every dashboard navigation. */
  me: {
    all: ["me"] as const,
  },
} as const;

/**
 * After any ticket write (generate, edit, delete, register, import, custom range): every ticket
 * list and count, and the statistics computed from tickets, are stale.
 */
export function invalidateTicketData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}
