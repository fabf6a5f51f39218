import type { AuthzRow } from "./types";

// Stubs and verify codes (issue 22): printing, the print log and replacing a verify code are for
// administrators; the verify JSON is public (a buyer's phone, no sign-in, no API key).
export const stubRoutes: AuthzRow[] = [
  { method: "POST", route: "/api/print/stubs", body: { from: 99999, to: 99999 }, access: "admin" },
  { method: "GET", route: "/api/print/jobs", access: "admin" },
  {
    method: "POST",
    route: "/api/tickets/[id]/qr/replace",
    path: "/api/tickets/00000000-0000-4000-8000-000000000000/qr/replace",
    body: { reason: "Stub lost" },
    access: "admin",
  },
  {
    method: "GET",
    route: "/api/public/verify/[token]",
    path: "/api/public/verify/0004211AAAAAAAAAAAAAAAAAAAAAAAAAA",
    access: "public",
  },
];
