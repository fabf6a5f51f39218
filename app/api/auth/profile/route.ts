// GET /api/auth/profile - the caller's own profile (any signed-in user)
import type { z } from "zod";
import type { profileAnswerSchema } from "@/lib/schemas/user";
import { apiRoute } from "@/server/http/api-route";
import { getUserProfile } from "@/server/users/get-user-profile";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "user" },
  async ({ principal }) =>
    ({
      success: true,
      user: await getUserProfile({ viewer: principal.user }),
    }) satisfies z.infer<typeof profileAnswerSchema>,
);
