// DELETE /api/auth/delete-user - remove a user from the allow-list for good (admin; never oneself, never the last
// admin)
import { deleteUserSchema } from "@/lib/schemas/user";
import { apiRoute } from "@/server/http/api-route";
import { deleteUser } from "@/server/users/delete-user";
import type { MessageAnswer } from "@/lib/schemas/answer";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ access: "admin", body: deleteUserSchema }, async ({ body, principal }) => {
  await deleteUser({ email: body.email, actor: { id: principal.user.id, email: principal.user.email } });
  return { success: true, message: "User deleted successfully" } satisfies MessageAnswer;
});
