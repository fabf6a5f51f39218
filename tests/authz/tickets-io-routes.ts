import type { AuthzRow } from "./types";

// CSV export and import (issue 10).
export const ticketsIoRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/tickets/export-all", access: "admin" },
  {
    method: "POST",
    route: "/api/tickets/import",
    body: { csvData: "Last 5 Digits\r\n1\r\n", importedBy: "admin@example.com" },
    access: "admin",
  },
];
