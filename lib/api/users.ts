// The allow-list calls of SPEC section 7 (administrators): list, add, change role, disable, delete.
import { apiRequest } from "@/lib/api-client";
import type { UserSaved, UsersAnswer } from "@/lib/schemas/user";

export interface AddUserRequest {
  email: string;
  displayName: string;
  isAdmin: boolean;
}

export const usersApi = {
  list: (options: { signal?: AbortSignal } = {}) => apiRequest<UsersAnswer>("/auth/users", options),
  add: (input: AddUserRequest) => apiRequest<UserSaved>("/auth/add-user", { method: "POST", body: input }),
  updateRole: (input: { email: string; isAdmin: boolean }) =>
    apiRequest<UserSaved>("/auth/update-user-role", { method: "PUT", body: input }),
  setDisabled: (input: { email: string; disabled: boolean }) =>
    apiRequest<UserSaved>("/auth/disable-user", { method: "PUT", body: input }),
  resetGoogleLink: (input: { email: string }) =>
    apiRequest<UserSaved>("/auth/reset-google-link", { method: "POST", body: input }),
  remove: (input: { email: string }) =>
    apiRequest<{ success: true }>("/auth/delete-user", { method: "DELETE", body: input }),
};
