// The one query-key factory: every TanStack Query key the screens use, so a write invalidates
// exactly what it changes. Keys are arrays from general to specific: invalidating ["tickets"]
// refreshes every ticket list, count and lookup at once. Reads and writes live in lib/queries/
// (one hook per read, one per write with its invalidations); components never build a key.
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
    /** A lookup on demand (useFindTicket): never cached. */
    find: (term: string) => ["tickets", "find", term] as const,
    unregistered: (params: object) => ["tickets", "unregistered", params] as const,
    creators: () => ["tickets", "creators"] as const,
    attachments: (ticketId: string) => ["tickets", "attachments", ticketId] as const,
    /** The Voided numbers report's page. */
    voided: (params: object) => ["tickets", "voided", params] as const,
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
  /** The signed-in user's own sessions (issue 25 item 12). */
  sessions: {
    all: ["sessions"] as const,
  },
  audit: {
    all: ["audit"] as const,
    list: (params: object) => ["audit", "list", params] as const,
    filters: () => ["audit", "filters"] as const,
  },
  users: {
    all: ["users"] as const,
    list: () => ["users", "list"] as const,
  },
  /** Ticket stubs (issue 22): the print log. */
  print: {
    all: ["print"] as const,
    jobs: () => ["print", "jobs"] as const,
  },
  /** Heavy jobs (prints, imports, archives) followed while they run. */
  jobs: {
    all: ["jobs"] as const,
    detail: (id: string) => ["jobs", id] as const,
  },
  /** Seller accountability: balances and statements (issue 20). */
  remittances: {
    all: ["remittances"] as const,
    balances: () => ["remittances", "balances"] as const,
    statement: (sellerId: string) => ["remittances", "statement", sellerId] as const,
  },
  /** Reconciliation (issue 21): imports, lines by state, reports, bank profiles. */
  reconciliation: {
    all: ["reconciliation"] as const,
    imports: () => ["reconciliation", "imports"] as const,
    profiles: () => ["reconciliation", "profiles"] as const,
    lines: (state: string, page: number) => ["reconciliation", "lines", state, page] as const,
    report: (name: string) => ["reconciliation", "report", name] as const,
    ledger: (state: string, method: string | null) => ["reconciliation", "ledger", state, method] as const,
    summary: () => ["reconciliation", "summary"] as const,
  },
  /** The newest backup file and the automatic backups' settings (issue 43). */
  backups: {
    all: ["backups"] as const,
  },
  /** The draw (issue 23): the raffle's state, prizes, draws. */
  draw: {
    all: ["draw"] as const,
    state: () => ["draw", "state"] as const,
    /** The state without Close sales' checklist: what every write screen asks (decision 202). */
    status: () => ["draw", "status"] as const,
    prizes: () => ["draw", "prizes"] as const,
    list: () => ["draw", "list"] as const,
    detail: (id: string) => ["draw", "detail", id] as const,
    winners: () => ["draw", "winners"] as const,
  },
  /** The signed-in user's own profile (role, name), re-read on every dashboard navigation. */
  me: {
    all: ["me"] as const,
  },
} as const;

/**
 * After any ticket write (generate, edit, delete, register, import, custom range): every ticket
 * list and count, and the statistics computed from tickets, are stale, and the Activity Log has
 * a new row.
 */
export function invalidateTicketData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
    // A sale or a void moves a seller's cash and stubs.
    queryClient.invalidateQueries({ queryKey: queryKeys.remittances.all }),
  ]);
}
