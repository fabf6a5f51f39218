import { beforeEach } from "vitest";
import { randomBytes } from "node:crypto";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";

let counter = 0;

export async function createUser(overrides: { email?: string; isAdmin?: boolean; isDisabled?: boolean; displayName?: string } = {}) {
  counter += 1;
  return db().user.create({
    data: {
      email: overrides.email ?? `user${counter}-${randomBytes(3).toString("hex")}@example.com`,
      displayName: overrides.displayName ?? `Test User ${counter}`,
      isAdmin: overrides.isAdmin ?? false,
      isDisabled: overrides.isDisabled ?? false,
    },
  });
}

/** A user with a live bearer token, as the mobile app would hold. */
export async function createSignedInUser(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const { token, sessionId } = await createSession({ userId: user.id, kind: "bearer" });
  return { user, token: token!, sessionId };
}

/** The two callers the ticket suites use: Ada, an administrator, and Sam, a staff user. */
export async function createAdminAndStaff() {
  const admin = await createSignedInUser({ isAdmin: true, email: "admin@example.com", displayName: "Ada Admin" });
  const staff = await createSignedInUser({ email: "staff@example.com", displayName: "Sam Staff" });
  return { admin, staff };
}

/**
 * For a suite whose every test starts from an empty database with an administrator and a staff
 * member signed in: registers the beforeEach and answers the object it fills (`users.admin`).
 */
export function freshAdminAndStaff() {
  const users = {} as Awaited<ReturnType<typeof createAdminAndStaff>>;
  beforeEach(async () => {
    await resetDb();
    Object.assign(users, await createAdminAndStaff());
  });
  return users;
}
