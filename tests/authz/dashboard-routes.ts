import type { AuthzRow } from "./types";

export const dashboardRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/dashboard/stats", access: "user" },
  {
    method: "GET",
    route: "/api/dashboard/analytics/historical",
    path: "/api/dashboard/analytics/historical?period=7d",
    access: "admin",
  },
  { method: "GET", route: "/api/dashboard/admin/user-progress", access: "admin" },
];
