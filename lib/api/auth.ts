// The signed-in user's own account (SPEC section 7: GET /auth/profile).
import { apiRequest } from "@/lib/api-client";
import type { AuthUser } from "@/lib/schemas/user";

export const authApi = {
  profile: (options: { signal?: AbortSignal } = {}) =>
    apiRequest<{ success: true; user: AuthUser }>("/auth/profile", options),
};
