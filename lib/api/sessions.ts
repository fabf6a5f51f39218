// GET /api/auth/sessions and DELETE /api/auth/sessions/{id} (issue 25 item 12): the caller's own
// sessions, and ending one of them. docs/decisions/070-sessions-and-host-cookie.md.
import { apiRequest } from "@/lib/api-client";
import type { SessionsAnswer } from "@/lib/schemas/session";

export type { AccountSession } from "@/lib/schemas/session";

export const sessionsApi = {
  list: () => apiRequest<SessionsAnswer>("/auth/sessions"),
  end: (id: string) =>
    apiRequest<{ success: true; message: string }>(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
