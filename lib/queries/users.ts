// TanStack Query hooks for the Users tab (administrators; keys in lib/query-keys.ts). Every write
// adds an Activity Log row and changes the list; a deleted user's name also leaves the tickets
// they created and the statistics grouped by creator.
"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { usersApi, type AddUserRequest } from "@/lib/api/users";
import { queryKeys } from "@/lib/query-keys";

function invalidateUsers(queryClient: QueryClient, also: readonly (readonly unknown[])[] = []) {
  return Promise.all(
    [queryKeys.users.all, queryKeys.audit.all, ...also].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** GET /api/auth/users: the allow-list, newest first as the server orders it. */
export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: async ({ signal }) => (await usersApi.list({ signal })).users,
  });
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddUserRequest) => usersApi.add(input),
    onSettled: () => void invalidateUsers(queryClient),
  });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; isAdmin: boolean }) => usersApi.updateRole(input),
    onSettled: () => void invalidateUsers(queryClient),
  });
}

export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; disabled: boolean }) => usersApi.setDisabled(input),
    onSettled: () => void invalidateUsers(queryClient),
  });
}

export function useResetGoogleLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string }) => usersApi.resetGoogleLink(input),
    onSettled: () => void invalidateUsers(queryClient),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string }) => usersApi.remove(input),
    onSettled: () => void invalidateUsers(queryClient, [queryKeys.tickets.all, queryKeys.dashboard.all]),
  });
}
