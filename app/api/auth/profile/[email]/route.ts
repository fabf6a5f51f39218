// GET /api/auth/profile/{email} - a profile by email (signed-in users for their own, admins for anyone)
import { emailSchema } from "@/lib/schemas/user";
import { apiRoute, validationError } from "@/server/http/api-route";
import { getUserProfile } from "@/server/users/get-user-profile";
import type { ProfileByEmailAnswer } from "@/lib/schemas/user";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ params, principal }) => {
  const email = emailSchema.safeParse(params.email);
  if (!email.success) throw validationError(email.error);
  return {
    success: true,
    user: await getUserProfile({ viewer: principal.user, email: email.data }),
  } satisfies ProfileByEmailAnswer;
});
