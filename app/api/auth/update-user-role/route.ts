// PUT /api/auth/update-user-role - grant or revoke admin (admin; never oneself, never the last admin)
import { updateUserRoleSchema, type UserSaved } from "@/lib/schemas/user";
import { apiRoute } from "@/server/http/api-route";
import { toUserListItem } from "@/server/users/serialize-user";
import { updateUserRole } from "@/server/users/update-user-role";

export const dynamic = "force-dynamic";

export const PUT = apiRoute({ access: "admin", body: updateUserRoleSchema }, async ({ body, principal }) => {
  const user = await updateUserRole({ ...body, actor: { id: principal.user.id, email: principal.user.email } });
  return { success: true, message: "User updated successfully!", user: toUserListItem(user) } satisfies UserSaved;
});
