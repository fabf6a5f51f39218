import type { AuthzRow } from "./types";

export const auditRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/audit", access: "admin" },
  { method: "GET", route: "/api/audit/filters", access: "admin" },
  { method: "GET", route: "/api/audit/export", access: "admin" },
];
