import type { AuthzRow } from "./types";

export const systemRoutes: AuthzRow[] = [{ method: "GET", route: "/api/health", access: "public" }];
