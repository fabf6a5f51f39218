import type { AuthzRow } from "./types";

// Reconciliation (issue 21): administrators only. Paths aim at a line, import and payment that do not
// exist, so a caller who gets past authorization sees 404 (or 400 for the JSON sent to the upload).
const GHOST_ID = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a21";

export const reconciliationRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/reconciliation/imports", access: "admin" },
  {
    method: "POST",
    route: "/api/reconciliation/imports",
    path: "/api/reconciliation/imports?preview=1",
    body: { kind: "bank_csv" },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/reconciliation/imports/[id]/discard",
    path: `/api/reconciliation/imports/${GHOST_ID}/discard`,
    body: { reason: "wrong file" },
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/reconciliation/lines",
    path: "/api/reconciliation/lines?state=unmatched",
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/reconciliation/lines/[id]/match",
    path: `/api/reconciliation/lines/${GHOST_ID}/match`,
    body: { paymentId: GHOST_ID },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/reconciliation/lines/[id]/ignore",
    path: `/api/reconciliation/lines/${GHOST_ID}/ignore`,
    body: { reason: "not raffle money" },
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/reconciliation/payments/[id]/unverify",
    path: `/api/reconciliation/payments/${GHOST_ID}/unverify`,
    body: { reason: "bounced" },
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/reconciliation/payments",
    path: "/api/reconciliation/payments?state=unverified&method=gcash",
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/reconciliation/payments/[id]/settle",
    path: `/api/reconciliation/payments/${GHOST_ID}/settle`,
    body: { reason: "paid in cash" },
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/reconciliation/payments/[id]/evidence/[evidenceId]",
    path: `/api/reconciliation/payments/${GHOST_ID}/evidence/${GHOST_ID}`,
    access: "admin",
  },
  {
    method: "POST",
    route: "/api/reconciliation/payments/[id]/unsettle",
    path: `/api/reconciliation/payments/${GHOST_ID}/unsettle`,
    body: { reason: "wrong payment" },
    access: "admin",
  },
  { method: "GET", route: "/api/reconciliation/summary", access: "admin" },
  {
    method: "GET",
    route: "/api/reconciliation/reports/[name]",
    path: "/api/reconciliation/reports/unverified-claims.csv",
    access: "admin",
  },
  { method: "GET", route: "/api/reconciliation/profiles", access: "admin" },
  {
    method: "GET",
    route: "/api/reconciliation/samples/[name]",
    path: "/api/reconciliation/samples/bdo.csv",
    access: "admin",
  },
];
