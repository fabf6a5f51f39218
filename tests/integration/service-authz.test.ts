// Authorization lives at the data: the ticket and user services refuse a non-admin caller
// themselves (403 forbidden, nothing changed), whatever route, action or script reaches them.
import { beforeEach, describe, expect, it } from "vitest";
import { customRangeSchema, editTicketSchema } from "@/lib/schemas/ticket";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { deleteTicket } from "@/server/tickets/delete-ticket";
import { findAvailableRangeOrThrow } from "@/server/tickets/find-available-range";
import { generateCustomRange } from "@/server/tickets/generate-custom-range";
import { searchTickets } from "@/server/tickets/search-tickets";
import { getTicketStats } from "@/server/tickets/ticket-counts";
import { updateTicket } from "@/server/tickets/update-ticket";
import { listUsedDigits } from "@/server/tickets/used-digits";
import { addUser } from "@/server/users/add-user";
import { deleteUser } from "@/server/users/delete-user";
import { listUsers } from "@/server/users/list-users";
import { setUserDisabled } from "@/server/users/set-user-disabled";
import { updateUserRole } from "@/server/users/update-user-role";
import { createSignedInUser, createUser, freshAdminAndStaff } from "@/tests/helpers/factories";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** The principal a route would hand the service after resolving the caller's bearer token. */
const principalOf = ({ user, sessionId }: SignedIn): Principal => ({
  user: {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    photoUrl: user.photoUrl,
    isAdmin: user.isAdmin,
  },
  via: "bearer",
  sessionId,
});
const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

const users = freshAdminAndStaff();

/** Everything a refused call could have touched: tickets, counters, users, sessions, settings, audit. */
async function snapshot() {
  const tickets = await db().$queryRaw<
    { row: string }[]
  >`SELECT to_jsonb(t)::text AS row FROM tickets t ORDER BY ticket_number`;
  const counters = await db().$queryRaw<
    { row: string }[]
  >`SELECT to_jsonb(c)::text AS row FROM ticket_counters c ORDER BY slot`;
  const users = await db().user.findMany({ orderBy: { email: "asc" } });
  const sessions = await db().authSession.findMany({ orderBy: { id: "asc" } });
  const settings = await db().settings.findMany();
  const audit = await db().auditLog.findMany({ orderBy: { id: "asc" } });
  return { tickets, counters, users, sessions, settings, audit };
}

/** The call is refused as forbidden (403) and leaves the database exactly as it was. */
async function expectRefused(call: () => Promise<unknown>) {
  const before = await snapshot();
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe("forbidden");
  expect(appError.status).toBe(403);
  expect(appError.message).toBe("Administrator access required");
  expect(await snapshot()).toEqual(before);
}

// ---- ticket services -----------------------------------------------------------------------

describe("ticket services", () => {
  let unregisteredId: string;

  beforeEach(async () => {
    // Tickets 1-3 unregistered, made by the admin through the service itself.
    const made = await generateCustomRange({
      payload: customRangeSchema.parse({ startRange: 1, endRange: 3, userId: "admin@example.com" }),
      principal: principalOf(users.admin),
    });
    unregisteredId = made.tickets[0].id;
  });

  const edit = editTicketSchema.parse({ buyer_name: "Pedro Penduko", phone_number: "09170001111", status: "used" });

  const ticketCalls: [string, (p: Principal) => Promise<unknown>][] = [
    ["updateTicket", (principal) => updateTicket({ ref: unregisteredId, payload: edit, principal })],
    ["deleteTicket", (principal) => deleteTicket({ ref: "00002", principal })],
    [
      "generateCustomRange",
      (principal) =>
        generateCustomRange({
          payload: customRangeSchema.parse({ startRange: 10, endRange: 12, userId: "x@example.com" }),
          principal,
        }),
    ],
    ["searchTickets", (principal) => searchTickets({ principal, filters: { status: "all", limit: 10, offset: 0 } })],
    ["getTicketStats", (principal) => getTicketStats({ principal })],
    ["listUsedDigits", (principal) => listUsedDigits({ principal })],
    ["findAvailableRangeOrThrow", (principal) => findAvailableRangeOrThrow({ count: "5", principal })],
  ];

  it.each(ticketCalls)("%s refuses a non-admin principal and changes nothing", async (_name, call) => {
    await expectRefused(() => call(principalOf(users.staff)));
  });

  it.each(ticketCalls)(
    "%s refuses a principal whose admin flag is off, even for a user stored as admin (the principal decides)",
    async (_name, call) => {
      const demoted: Principal = {
        ...principalOf(users.admin),
        user: { ...principalOf(users.admin).user, isAdmin: false },
      };
      await expectRefused(() => call(demoted));
    },
  );

  it("refuses before looking anything up: a non-admin learns nothing from missing tickets or bad input", async () => {
    const staffPrincipal = principalOf(users.staff);
    await expectRefused(() => updateTicket({ ref: "00999", payload: edit, principal: staffPrincipal }));
    await expectRefused(() => updateTicket({ ref: "nonsense", payload: edit, principal: staffPrincipal }));
    await expectRefused(() => deleteTicket({ ref: "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99", principal: staffPrincipal }));
    await expectRefused(() => findAvailableRangeOrThrow({ count: "abc", principal: staffPrincipal }));
    await expectRefused(() => findAvailableRangeOrThrow({ count: "999999", principal: staffPrincipal }));
    await expectRefused(() =>
      generateCustomRange({ payload: { startRange: 99999, endRange: 99999, userId: "x" }, principal: staffPrincipal }),
    );
  });

  it("updateTicket lets an admin edit the unregistered ticket", async () => {
    const ticket = await updateTicket({ ref: unregisteredId, payload: edit, principal: principalOf(users.admin) });
    expect(ticket).toMatchObject({
      id: unregisteredId,
      buyer_name: "Pedro Penduko",
      phone_number: "9170001111",
      status: "used",
      is_registered: true,
    });
    expect(await db().auditLog.count({ where: { action: "ticket.update", actorId: users.admin.user.id } })).toBe(1);
  });

  it("deleteTicket lets an admin delete", async () => {
    const made = await db().ticket.findUniqueOrThrow({ where: { ticketNumber: 2 } });
    expect(await deleteTicket({ ref: "00002", principal: principalOf(users.admin) })).toEqual({
      controlNumber: made.controlNumber,
    });
    expect(await db().ticket.count()).toBe(2);
  });

  it("generateCustomRange lets an admin create tickets", async () => {
    const result = await generateCustomRange({
      payload: customRangeSchema.parse({ startRange: 3, endRange: 5, userId: "x@example.com" }),
      principal: principalOf(users.admin),
    });
    expect(result.stats).toEqual({ generated: 2, skipped: 1, failed: 0, requested: 3, startRange: 3, endRange: 5 });
    expect(await db().ticket.count()).toBe(5);
  });

  it("searchTickets, getTicketStats, listUsedDigits and findAvailableRangeOrThrow answer an admin", async () => {
    const principal = principalOf(users.admin);
    const found = await searchTickets({ principal, filters: { status: "unregistered", limit: 10, offset: 0 } });
    expect(found.total).toBe(3);
    expect(found.tickets.map((t) => t.ticket_number)).toEqual([3, 2, 1]);
    expect(await getTicketStats({ principal })).toEqual({ total: 3, registered: 0, unregistered: 3, revenue: 0 });
    expect(await listUsedDigits({ principal })).toEqual({ count: 3, ranges: [[1, 3]] });
    expect(await findAvailableRangeOrThrow({ count: "5", principal })).toEqual({
      startRange: 4,
      endRange: 8,
      count: 5,
      start_digits: "00004",
      end_digits: "00008",
    });
  });
});

// ---- user services -------------------------------------------------------------------------

describe("user services", () => {
  let target: Awaited<ReturnType<typeof createUser>>;
  let disabledAdmin: Awaited<ReturnType<typeof createUser>>;

  beforeEach(async () => {
    target = await createUser({ email: "target@example.com", displayName: "Tara Target" });
    disabledAdmin = await createUser({ email: "old-admin@example.com", isAdmin: true, isDisabled: true });
  });

  const userCalls: [string, (actor: { id: string; email: string }) => Promise<unknown>][] = [
    ["addUser", (actor) => addUser({ email: "new@example.com", displayName: "New Person", isAdmin: true, actor })],
    ["listUsers", (actor) => listUsers({ actor })],
    ["updateUserRole", (actor) => updateUserRole({ email: "target@example.com", isAdmin: true, actor })],
    ["setUserDisabled", (actor) => setUserDisabled({ email: "target@example.com", disabled: true, actor })],
    ["deleteUser", (actor) => deleteUser({ email: "target@example.com", actor })],
  ];

  it.each(userCalls)("%s refuses a non-admin actor and changes nothing", async (_name, call) => {
    await expectRefused(() => call(actorOf(users.staff.user)));
  });

  it.each(userCalls)("%s refuses a disabled admin and changes nothing", async (_name, call) => {
    await expectRefused(() => call(actorOf(disabledAdmin)));
  });

  it.each(userCalls)("%s refuses an actor who no longer exists", async (_name, call) => {
    await expectRefused(() => call({ id: "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99", email: "gone@example.com" }));
  });

  it("refuses a non-admin before looking at the target: no 409 or 404 leaks whether an email is listed", async () => {
    const actor = actorOf(users.staff.user);
    await expectRefused(() => addUser({ email: "TARGET@example.com", displayName: "Dup", isAdmin: false, actor }));
    await expectRefused(() => updateUserRole({ email: "nobody@example.com", isAdmin: true, actor }));
    await expectRefused(() => setUserDisabled({ email: "nobody@example.com", disabled: true, actor }));
    await expectRefused(() => deleteUser({ email: "nobody@example.com", actor }));
  });

  it("refuses a non-admin who tries to promote or re-enable themselves", async () => {
    await expectRefused(() =>
      updateUserRole({ email: "staff@example.com", isAdmin: true, actor: actorOf(users.staff.user) }),
    );
    await expectRefused(() =>
      setUserDisabled({ email: "old-admin@example.com", disabled: false, actor: actorOf(disabledAdmin) }),
    );
  });

  it("addUser and listUsers work for an enabled admin", async () => {
    const actor = actorOf(users.admin.user);
    const added = await addUser({ email: "New@Example.com", displayName: "New Person", isAdmin: false, actor });
    expect(added).toMatchObject({ email: "new@example.com", displayName: "New Person", isAdmin: false });
    const listed = await listUsers({ actor });
    expect(listed.map((u) => u.email).sort()).toEqual([
      "admin@example.com",
      "new@example.com",
      "old-admin@example.com",
      "staff@example.com",
      "target@example.com",
    ]);
    expect(await db().auditLog.count({ where: { action: "user.create", actorId: users.admin.user.id } })).toBe(1);
  });

  it("updateUserRole, setUserDisabled and deleteUser work for an enabled admin", async () => {
    const actor = actorOf(users.admin.user);
    expect(await updateUserRole({ email: "target@example.com", isAdmin: true, actor })).toMatchObject({
      id: target.id,
      isAdmin: true,
    });
    expect(await setUserDisabled({ email: "target@example.com", disabled: true, actor })).toMatchObject({
      id: target.id,
      isDisabled: true,
    });
    expect(await deleteUser({ email: "target@example.com", actor })).toMatchObject({ id: target.id });
    expect(await db().user.findUnique({ where: { id: target.id } })).toBeNull();
    const actions = (await db().auditLog.findMany({ where: { entityId: target.id }, orderBy: { id: "asc" } })).map(
      (a) => [a.action, a.actorId],
    );
    expect(actions).toEqual([
      ["user.promote", users.admin.user.id],
      ["user.disable", users.admin.user.id],
      ["user.delete", users.admin.user.id],
    ]);
  });

  it("a disabled admin re-enabled by another admin may act again", async () => {
    await setUserDisabled({ email: "old-admin@example.com", disabled: false, actor: actorOf(users.admin.user) });
    expect(await listUsers({ actor: actorOf(disabledAdmin) })).toHaveLength(4);
  });
});
