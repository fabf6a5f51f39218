// POST /api/auth/add-user - add an email to the allow-list (admin)
import { addUserSchema, type UserSaved } from "@/lib/schemas/user";
import { apiRoute, json } from "@/server/http/api-route";
import { addUser } from "@/server/users/add-user";
import { toUserListItem } from "@/server/users/serialize-user";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: addUserSchema }, async ({ body, principal }) => {
  const user = await addUser({ ...body, actor: { id: principal.user.id, email: principal.user.email } });
  return json(
    { success: true, message: "User added successfully!", user: toUserListItem(user) } satisfies UserSaved,
    201,
  );
});
