import type { AuthzRow } from "./types";

export const backupRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/backups", access: "admin" },
  { method: "POST", route: "/api/backups", access: "admin" },
  { method: "GET", route: "/api/backups/latest", access: "admin" },
];
