// The admin user-management calls: add, list, role change, disable, delete, and the
// self-protection and last-admin rules, each change with its audit row.
import { beforeEach, describe, expect, it } from "vitest";
import { POST as addUserRoute } from "@/app/api/auth/add-user/route";
import { DELETE as deleteUserRoute } from "@/app/api/auth/delete-user/route";
import { PUT as disableUserRoute } from "@/app/api/auth/disable-user/route";
import { PUT as updateRoleRoute } from "@/app/api/auth/update-user-role/route";
import { GET as listUsersRoute } from "@/app/api/auth/users/route";
import { db } from "@/server/db/client";
import { deleteUser } from "@/server/users/delete-user";
import { setUserDisabled } from "@/server/users/set-user-disabled";
import { updateUserRole } from "@/server/users/update-user-role";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser, createUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeEach(async () => {
  await resetDb();
  admin = await createSignedInUser({ email: "admin@example.com", isAdmin: true });
});

const add = (body: unknown, token = admin.token) =>
  callRoute(addUserRoute, { method: "POST", path: "/api/auth/add-user", body, token });
const setRole = (body: unknown, token = admin.token) =>
  callRoute(updateRoleRoute, { method: "PUT", path: "/api/auth/update-user-role", body, token });
const disable = (body: unknown, token = admin.token) =>
  callRoute(disableUserRoute, { method: "PUT", path: "/api/auth/disable-user", body, token });
const remove = (body: unknown, token = admin.token) =>
  callRoute(deleteUserRoute, { method: "DELETE", path: "/api/auth/delete-user", body, token });
const auditActions = async (entityId: string) =>
  (await db().auditLog.findMany({ where: { entityId }, orderBy: { id: "asc" } })).map((a) => [a.action, a.actorEmail]);

describe("POST /api/auth/add-user", () => {
  it("adds a lower-cased, trimmed email with its audit row", async () => {
    const res = await add({ email: "  New.Person@Example.COM ", displayName: " New Person ", isAdmin: true });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      success: true,
      message: "User added successfully!",
      user: {
        email: "new.person@example.com",
        display_name: "New Person",
        is_admin: true,
        is_disabled: false,
        role: "admin",
        last_login: null,
      },
    });
    const stored = await db().user.findUniqueOrThrow({ where: { email: "new.person@example.com" } });
    expect(await auditActions(stored.id)).toEqual([["user.create", "admin@example.com"]]);
  });

  it.each([
    [{}, "Email and display name are required"],
    [{ email: "a@example.com" }, "Email and display name are required"],
    [{ email: "", displayName: "Someone" }, "Email and display name are required"],
    [{ email: "a@example.com", displayName: "   " }, "Email and display name are required"],
    [{ email: "not-an-email", displayName: "Someone" }, "Please enter a valid email address"],
    [{ email: "a b@example.com", displayName: "Someone" }, "Please enter a valid email address"],
  ])("refuses %j with '%s'", async (body, message) => {
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: "validation_failed", message, issues: [{ message }] });
    expect(await db().user.count()).toBe(1);
  });

  it("names the field when the message is zod's own wording, not the spec's", async () => {
    const res = await add({ email: "a@example.com", displayName: "Someone", isAdmin: "yes" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      message: "isAdmin: Invalid input: expected boolean, received string",
      issues: [{ path: "isAdmin", message: "Invalid input: expected boolean, received string" }],
    });
  });

  it("refuses a duplicate, compared case-insensitively, with 409 and no audit row", { tags: ["sql"] }, async () => {
    await add({ email: "dup@example.com", displayName: "Dup" });
    const before = await db().auditLog.count();
    const res = await add({ email: "DUP@example.com", displayName: "Dup again" });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ success: false, code: "conflict", message: "Email already exists in the list" });
    expect(await db().auditLog.count()).toBe(before);
  });

  it("lets exactly one of two simultaneous adds of one email win", { tags: ["sql"] }, async () => {
    const results = await Promise.all([
      add({ email: "race@example.com", displayName: "A" }),
      add({ email: "race@example.com", displayName: "B" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await db().user.count({ where: { email: "race@example.com" } })).toBe(1);
  });
});

describe("GET /api/auth/users", () => {
  it("lists every user with the documented fields", async () => {
    await createUser({ email: "b@example.com", isDisabled: true });
    const res = await callRoute(listUsersRoute, { path: "/api/auth/users", token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.users).toHaveLength(2);
    expect(res.json.users[1]).toEqual({
      id: expect.any(String),
      email: "b@example.com",
      display_name: expect.any(String),
      is_admin: false,
      is_disabled: true,
      role: "user",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_login: null,
      phone_number: null,
      address: null,
      google_linked: false,
    });
  });
});

describe("PUT /api/auth/update-user-role", () => {
  it("promotes and demotes, with audit rows", async () => {
    const user = await createUser({ email: "clerk@example.com" });
    expect((await setRole({ email: "Clerk@Example.com", isAdmin: true })).json).toMatchObject({
      success: true,
      user: { is_admin: true },
    });
    expect((await setRole({ email: "clerk@example.com", isAdmin: false })).json).toMatchObject({
      success: true,
      user: { is_admin: false },
    });
    expect(await auditActions(user.id)).toEqual([
      ["user.promote", "admin@example.com"],
      ["user.demote", "admin@example.com"],
    ]);
  });

  it("refuses to let an admin demote themselves (409)", async () => {
    await createUser({ email: "other-admin@example.com", isAdmin: true });
    const res = await setRole({ email: "admin@example.com", isAdmin: false });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("You cannot remove your own administrator access");
  });

  it("answers 404 'User not found' for an unknown email", async () => {
    const res = await setRole({ email: "nobody@example.com", isAdmin: true });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ success: false, code: "not_found", message: "User not found" });
  });

  it("requires isAdmin", async () => {
    const res = await setRole({ email: "admin@example.com" });
    expect(res.status).toBe(400);
    expect(res.json.issues[0].path).toBe("isAdmin");
  });
});

describe("PUT /api/auth/disable-user", () => {
  it("disables (revoking every session) and re-enables, with audit rows", async () => {
    const clerk = await createSignedInUser({ email: "clerk@example.com" });
    const res = await disable({ email: "clerk@example.com" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: "User disabled successfully!",
      user: { is_disabled: true },
    });
    expect(await db().authSession.count({ where: { userId: clerk.user.id, revokedAt: null } })).toBe(0);

    const again = await disable({ email: "clerk@example.com", disabled: false });
    expect(again.json).toMatchObject({
      success: true,
      message: "User enabled successfully!",
      user: { is_disabled: false },
    });
    expect(await auditActions(clerk.user.id)).toEqual([
      ["user.disable", "admin@example.com"],
      ["user.enable", "admin@example.com"],
    ]);
  });

  it("refuses to let an admin disable themselves (409)", async () => {
    await createUser({ email: "other-admin@example.com", isAdmin: true });
    const res = await disable({ email: "admin@example.com" });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("You cannot disable your own account");
  });
});

describe("DELETE /api/auth/delete-user", () => {
  it("deletes permanently, with an audit row that outlives the user", async () => {
    const clerk = await createSignedInUser({ email: "clerk@example.com" });
    const res = await remove({ email: "clerk@example.com" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "User deleted successfully" });
    expect(await db().user.findUnique({ where: { email: "clerk@example.com" } })).toBeNull();
    expect(await db().authSession.count({ where: { userId: clerk.user.id } })).toBe(0);
    expect(await auditActions(clerk.user.id)).toEqual([["user.delete", "admin@example.com"]]);
  });

  it("refuses to let an admin delete themselves (409)", async () => {
    await createUser({ email: "other-admin@example.com", isAdmin: true });
    const res = await remove({ email: "admin@example.com" });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("You cannot delete your own account");
    expect(await db().user.count({ where: { email: "admin@example.com" } })).toBe(1);
  });

  it("answers 404 for an unknown email", async () => {
    expect((await remove({ email: "nobody@example.com" })).status).toBe(404);
  });
});

describe("the last active admin", () => {
  // Through the services with the CLI's actor (no person), so self-protection does not apply.
  const cli = { id: null, email: "system:cli" };

  it("can be neither demoted, disabled nor deleted, and nothing is audited", async () => {
    const before = await db().auditLog.count();
    await expect(updateUserRole({ email: "admin@example.com", isAdmin: false, actor: cli })).rejects.toMatchObject({
      status: 409,
    });
    await expect(setUserDisabled({ email: "admin@example.com", disabled: true, actor: cli })).rejects.toMatchObject({
      status: 409,
    });
    await expect(deleteUser({ email: "admin@example.com", actor: cli })).rejects.toMatchObject({ status: 409 });
    expect(await db().user.findUniqueOrThrow({ where: { email: "admin@example.com" } })).toMatchObject({
      isAdmin: true,
      isDisabled: false,
    });
    expect(await db().auditLog.count()).toBe(before);
  });

  it("counts only enabled admins", async () => {
    await createUser({ email: "disabled-admin@example.com", isAdmin: true, isDisabled: true });
    await expect(deleteUser({ email: "admin@example.com", actor: cli })).rejects.toMatchObject({
      message: "Cannot delete the last active administrator",
    });
    // A disabled admin is not an active one, so removing it is fine.
    await deleteUser({ email: "disabled-admin@example.com", actor: cli });
  });

  it("survives two admins demoting each other at the same moment", { tags: ["sql"] }, async () => {
    for (let round = 0; round < 3; round++) {
      await resetDb();
      const a = await createSignedInUser({ email: "a@example.com", isAdmin: true });
      const b = await createSignedInUser({ email: "b@example.com", isAdmin: true });
      const results = await Promise.all([
        setRole({ email: "b@example.com", isAdmin: false }, a.token),
        setRole({ email: "a@example.com", isAdmin: false }, b.token),
      ]);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // The loser is no longer an admin once the winner commits: refused, not applied.
      expect(statuses.filter((s) => s === 403 || s === 409)).toHaveLength(1);
      expect(await db().user.count({ where: { isAdmin: true, isDisabled: false } })).toBe(1);
      expect(await db().auditLog.count({ where: { action: "user.demote" } })).toBe(1);
    }
  });

  it("survives two admins disabling each other at the same moment", { tags: ["sql"] }, async () => {
    await resetDb();
    const a = await createSignedInUser({ email: "a@example.com", isAdmin: true });
    const b = await createSignedInUser({ email: "b@example.com", isAdmin: true });
    const results = await Promise.all([
      disable({ email: "b@example.com" }, a.token),
      disable({ email: "a@example.com" }, b.token),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    expect(await db().user.count({ where: { isAdmin: true, isDisabled: false } })).toBe(1);
  });
});
