// The caller's own sessions as GET /api/auth/sessions answers them (issue 25 item 12,
// docs/decisions/070-sessions-and-host-cookie.md): the one contract for the server's list, the
// Account screen's type and the integration test that parses the answer with it.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** "cookie": a browser signed in with Google; "bearer": the mobile app's token. */
  kind: z.enum(["cookie", "bearer"]),
  created_at: instant,
  last_seen_at: instant,
  expires_at: instant,
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const sessionsAnswerSchema = z.object({ success: z.literal(true), sessions: z.array(accountSessionSchema) });
export type SessionsAnswer = z.infer<typeof sessionsAnswerSchema>;
