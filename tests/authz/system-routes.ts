import type { AuthzRow } from "./types";

export const systemRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/health", access: "public" },
  { method: "GET", route: "/api/health/live", access: "public" },
];
