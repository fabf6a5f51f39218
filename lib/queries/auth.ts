// TanStack Query hook for the signed-in user's own profile (keys in lib/query-keys.ts).
import { useQuery } from "@tanstack/react-query";
import { authApi } from "@/lib/api/auth";
import { queryKeys } from "@/lib/query-keys";

/**
 * GET /api/auth/profile. `readOnRequest`: read only when the caller calls `refetch` (the shell
 * re-reads it on every change of page, the server having rendered the first), never by itself.
 */
export function useOwnProfile(options: { readOnRequest?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.me.all,
    queryFn: ({ signal }) => authApi.profile({ signal }),
    staleTime: options.readOnRequest ? Infinity : undefined,
    enabled: !options.readOnRequest,
  });
}
