// GET /api/auth/sessions - the caller's own live sessions, the current one marked (any signed-in user)
import type { SessionsAnswer } from "@/lib/schemas/session";
import { listAccountSessions } from "@/server/auth/account-sessions";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "user" },
  async ({ principal }) =>
    ({
      success: true,
      sessions: await listAccountSessions({ principal }),
    }) satisfies SessionsAnswer,
);
