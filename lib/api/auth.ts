// The signed-in user's own account (SPEC section 7: GET /auth/profile).
import { apiRequest } from "@/lib/api-client";
import type { profileAnswerSchema } from "@/lib/schemas/user";
import type { z } from "zod";

export const authApi = {
  profile: (options: { signal?: AbortSignal } = {}) =>
    apiRequest<z.infer<typeof profileAnswerSchema>>("/auth/profile", options),
};
