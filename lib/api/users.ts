// The allow-list calls of SPEC section 7 (administrators): list, add, change role, disable, delete.
import { apiRequest } from "@/lib/api-client";
import type { UserListItem } from "@/lib/schemas/user";

export interface AddUserRequest {
  email: string;
  displayName: string;
  isAdmin: boolean;
}

export const usersApi = {
  list: (options: { signal?: AbortSignal } = {}) =>
    apiRequest<{ success: true; users: UserListItem[] }>("/auth/users", options),
  add: (input: AddUserRequest) => apiRequest<{ success: true }>("/auth/add-user", { method: "POST", body: input }),
  updateRole: (input: { email: string; isAdmin: boolean }) =>
    apiRequest<{ success: true }>("/auth/update-user-role", { method: "PUT", body: input }),
  setDisabled: (input: { email: string; disabled: boolean }) =>
    apiRequest<{ success: true }>("/auth/disable-user", { method: "PUT", body: input }),
  resetGoogleLink: (input: { email: string }) =>
    apiRequest<{ success: true }>("/auth/reset-google-link", { method: "POST", body: input }),
  remove: (input: { email: string }) =>
    apiRequest<{ success: true }>("/auth/delete-user", { method: "DELETE", body: input }),
};
