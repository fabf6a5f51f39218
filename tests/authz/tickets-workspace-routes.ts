import type { AuthzRow } from "./types";

// Routes added for Tickets Management (issue 8).
export const ticketsWorkspaceRoutes: AuthzRow[] = [{ method: "GET", route: "/api/tickets/creators", access: "admin" }];
