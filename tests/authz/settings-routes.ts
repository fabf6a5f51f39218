import type { AuthzRow } from "./types";

export const settingsRoutes: AuthzRow[] = [{ method: "GET", route: "/api/settings", access: "user" }];
