// Issue 36, decision 276: Prisma's debug histories (the last 100 calls, kept whether or not DEBUG
// is set) do not keep a query's parameters once it is answered. Before, the adapter's history held
// every parameter of the last 100 queries (buyer names, phones, a 5,000-row batch's arrays), and
// the runtime's its requests serialized: most of a 100,000-row import stayed in memory.
import { getLogs } from "@prisma/debug";
import { Debug } from "@prisma/client/runtime/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as importRoute } from "@/app/api/tickets/import/route";
import { csvLine } from "@/lib/csv/ticket-csv";
import { db } from "@/server/db/client";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let token: string;

beforeAll(async () => {
  ({
    admin: { token },
  } = await createAdminAndStaff());
});

afterEach(() => {
  vi.restoreAllMocks();
  Debug.disable();
});

function soldRows(n: number, marker: string) {
  const lines = [csvLine(["Last 5 Digits", "Buyer Name", "Phone Number", "Payment Method", "Payment Reference"])];
  for (let i = 1; i <= n; i++)
    lines.push(csvLine([String(i).padStart(5, "0"), `${marker} ${i}`, "09171234567", "GCash", String(7e12 + i)]));
  return `${lines.join("\r\n")}\r\n`;
}

describe("Prisma's debug histories", () => {
  it("keep no parameter of an answered query, in a transaction or out of one", async () => {
    await db().$queryRaw`SELECT ${"Quintessa Outside-Transaction"}::text AS name`;
    await db().$transaction((tx) => tx.$queryRaw`SELECT ${"Quintessa Inside-Transaction"}::text AS name`);
    const res = await callRoute(importRoute, {
      method: "POST",
      path: "/api/tickets/import",
      body: { csvData: soldRows(150, "Quintessa Importrow") },
      token,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ imported: 150 });
    const history = getLogs(Number.MAX_SAFE_INTEGER);
    expect(history).not.toContain("Quintessa");
  });

  it("push the runtime's copy out after a bulky query (an array of 100 or more), not after every query", async () => {
    Debug.enable("raffle:driver-log");
    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    await db().$queryRaw`SELECT ${[1, 2, 3]}::int[] AS small`;
    expect(lines.filter((l) => l.includes("raffle:driver-log"))).toHaveLength(0);
    const many = Array.from({ length: 100 }, (_, i) => i);
    await db().$queryRaw`SELECT cardinality(${many}::int[]) AS n`;
    expect(lines.filter((l) => l.includes("raffle:driver-log"))).toHaveLength(100);
  });
});
