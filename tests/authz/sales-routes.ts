import type { AuthzRow } from "./types";

// Voids and payment reports (issue 19). Paths aim at a ticket that does not exist, so an
// administrator who gets past authorization sees 404.
const GHOST_ID = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99";

export const salesRoutes: AuthzRow[] = [
  {
    method: "POST",
    route: "/api/tickets/[id]/void",
    path: `/api/tickets/${GHOST_ID}/void`,
    body: { reason: "lost_stub" },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/tickets/[id]/unvoid",
    path: `/api/tickets/${GHOST_ID}/unvoid`,
    body: { reason: "found it" },
    access: "admin",
  },
  { method: "GET", route: "/api/tickets/voided", path: "/api/tickets/voided?limit=10", access: "admin" },
  { method: "GET", route: "/api/tickets/voided/export", access: "admin" },
  { method: "GET", route: "/api/payments/reference-clashes", access: "admin" },
];
