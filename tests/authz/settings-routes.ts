import type { AuthzRow } from "./types";

export const settingsRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/settings", access: "user" },
  { method: "PUT", route: "/api/settings", access: "admin", body: { site_name: "Matrix" } },
];
