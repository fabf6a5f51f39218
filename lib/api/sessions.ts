// GET /api/auth/sessions and DELETE /api/auth/sessions/{id} (issue 25 item 12): the caller's own
// sessions, and ending one of them. docs/decisions/070-sessions-and-host-cookie.md.
import { apiRequest } from "@/lib/api-client";

export interface AccountSession {
  id: string;
  /** "cookie": a browser signed in with Google; "bearer": the mobile app's token. */
  kind: "cookie" | "bearer";
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The session this request came with. */
  current: boolean;
}

export const sessionsApi = {
  list: () => apiRequest<{ success: true; sessions: AccountSession[] }>("/auth/sessions"),
  end: (id: string) =>
    apiRequest<{ success: true; message: string }>(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
