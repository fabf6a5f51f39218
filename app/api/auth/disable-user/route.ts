// PUT /api/auth/disable-user - disable (or with disabled:false re-enable) a user (admin; never oneself, never the last
// admin)
import { disableUserSchema, type UserSaved } from "@/lib/schemas/user";
import { apiRoute } from "@/server/http/api-route";
import { toUserListItem } from "@/server/users/serialize-user";
import { setUserDisabled } from "@/server/users/set-user-disabled";

export const dynamic = "force-dynamic";

export const PUT = apiRoute({ access: "admin", body: disableUserSchema }, async ({ body, principal }) => {
  const user = await setUserDisabled({ ...body, actor: { id: principal.user.id, email: principal.user.email } });
  return {
    success: true,
    message: body.disabled ? "User disabled successfully!" : "User enabled successfully!",
    user: toUserListItem(user),
  } satisfies UserSaved;
});
