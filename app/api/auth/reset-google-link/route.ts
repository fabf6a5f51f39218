// POST /api/auth/reset-google-link - forget the Google account bound to a user's e-mail (admin)
import { resetGoogleLinkSchema, type UserSaved } from "@/lib/schemas/user";
import { apiRoute } from "@/server/http/api-route";
import { resetGoogleLink } from "@/server/users/reset-google-link";
import { toUserListItem } from "@/server/users/serialize-user";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: resetGoogleLinkSchema }, async ({ body, principal }) => {
  const user = await resetGoogleLink({
    email: body.email,
    actor: { id: principal.user.id, email: principal.user.email },
  });
  return {
    success: true,
    message: "Google account link reset: the next Google sign-in links again.",
    user: toUserListItem(user),
  } satisfies UserSaved;
});
