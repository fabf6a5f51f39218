import type { AuthzRow } from "./types";

// Seller accountability (issue 20). Paths aim at a user and a remittance that do not exist, so a
// caller who gets past authorization sees 404. A seller's statement by id is the administrators'
// (a non-admin gets 403 for anyone but themself); receipts are 404 for anyone but their seller.
const GHOST_ID = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99";

export const remittanceRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/remittances/balances", access: "admin" },
  {
    method: "POST",
    route: "/api/remittances",
    body: { sellerId: GHOST_ID, amount: "10.00", method: "cash" },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/remittances/adjustments",
    body: { sellerId: GHOST_ID, amount: "-5.00", reason: "shortage" },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/remittances/[id]/void",
    path: `/api/remittances/${GHOST_ID}/void`,
    body: { reason: "typo" },
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/remittances/[id]/receipt.pdf",
    path: `/api/remittances/${GHOST_ID}/receipt.pdf`,
    access: "user",
  },
  {
    method: "GET",
    route: "/api/remittances/report.pdf",
    path: `/api/remittances/report.pdf?seller=${GHOST_ID}`,
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/sellers/[id]/allocations",
    path: `/api/sellers/${GHOST_ID}/allocations`,
    body: { from: 1, to: 10 },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/sellers/[id]/returns",
    path: `/api/sellers/${GHOST_ID}/returns`,
    body: { ticketIds: ["00001"] },
    access: "admin",
  },
  { method: "GET", route: "/api/sellers/[id]/statement", path: `/api/sellers/${GHOST_ID}/statement`, access: "admin" },
  { method: "GET", route: "/api/sellers/me/statement", access: "user" },
];
