import type { AuthzRow } from "./types";

// app/api/[...path]: every path no route serves answers 404 `not_found` in JSON, to anyone.
const UNKNOWN = "/api/dashboard/stats";

export const fallbackRoutes: AuthzRow[] = (["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map((method) => ({
  method,
  route: "/api/[...path]",
  path: UNKNOWN,
  body: method === "GET" || method === "DELETE" ? undefined : {},
  access: "public" as const,
}));
