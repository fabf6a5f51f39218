// POST /api/auth/check-admin - is the caller (or, for admins, the named email) an admin? (any signed-in user)
import { type CheckAdminAnswer, checkAdminSchema } from "@/lib/schemas/user";
import { apiRoute } from "@/server/http/api-route";
import { getUserProfile } from "@/server/users/get-user-profile";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "user", body: checkAdminSchema }, async ({ body, principal }) => {
  const user = await getUserProfile({ viewer: principal.user, email: body.email });
  return { success: true, isAdmin: user.isAdmin, is_admin: user.is_admin, user } satisfies CheckAdminAnswer;
});
