// GET /api/auth/users - the allow-list (admin)
import type { UsersAnswer } from "@/lib/schemas/user";
import { apiRoute } from "@/server/http/api-route";
import { listUsers } from "@/server/users/list-users";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin" },
  async ({ principal }) =>
    ({
      success: true,
      users: await listUsers({ actor: { id: principal.user.id, email: principal.user.email } }),
    }) satisfies UsersAnswer,
);
