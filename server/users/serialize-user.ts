import "server-only";
import type { User } from "@/generated/prisma/client";
import type { AuthUser, UserListItem } from "@/lib/schemas/user";
import type { SessionUser } from "@/server/auth/sessions";

type UserLike = Pick<User, "id" | "email" | "displayName" | "photoUrl" | "isAdmin"> | SessionUser;

/** The user object of the sign-in, verify-token, check-admin and profile answers. */
export function toAuthUser(user: UserLike): AuthUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoUrl,
    isAdmin: user.isAdmin,
    is_admin: user.isAdmin,
    role: user.isAdmin ? "admin" : "user",
  };
}

export function toUserListItem(user: User): UserListItem {
  return {
    id: user.id,
    email: user.email,
    display_name: user.displayName,
    is_admin: user.isAdmin,
    is_disabled: user.isDisabled,
    role: user.isAdmin ? "admin" : "user",
    created_at: user.createdAt.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    phone_number: user.phoneNumber,
    address: user.address,
    google_linked: user.googleSub !== null,
  };
}

/** What an audit row records of a user (no secrets live on the row). */
export function auditSnapshot(user: User) {
  return { email: user.email, displayName: user.displayName, isAdmin: user.isAdmin, isDisabled: user.isDisabled };
}
