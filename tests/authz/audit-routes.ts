import type { AuthzRow } from "./types";

export const auditRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/audit", access: "admin" },
  { method: "GET", route: "/api/audit/filters", access: "admin" },
  { method: "GET", route: "/api/audit/export", access: "admin" },
  { method: "POST", route: "/api/audit/checkpoints", access: "admin" },
  {
    method: "GET",
    route: "/api/audit/checkpoints/[id]/verify",
    path: "/api/audit/checkpoints/1/verify",
    access: "admin",
  },
];
