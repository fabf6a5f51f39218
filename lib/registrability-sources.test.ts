// "Can this ticket be registered?" is decided once (lib/registrability.ts, issue 41): this test reads
// the sources of every path that registers a ticket, or shows whether one can be, and fails on a
// check of the rule's columns written anywhere else; and it reads the SQL-side rule so the two agree.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** The paths that register a ticket, or say whether one can be registered. */
const REGISTRATION_PATHS = [
  "server/tickets/register-ticket.ts",
  "server/tickets/register-multiple.ts",
  "server/tickets/import-tickets.ts",
  "server/tickets/validate-ticket.ts",
  "server/tickets/update-ticket.ts",
  "components/tickets/ticket-row-actions.tsx",
  ...sourceFiles("components/register"),
];

/** The files among them that must ask the rule (the others only show its answer). */
const ASKERS = [
  "server/tickets/register-ticket.ts",
  "server/tickets/register-multiple.ts",
  "server/tickets/import-tickets.ts",
  "server/tickets/validate-ticket.ts",
  "components/register/lookup-state.ts",
  "components/register/add-by-control-number.tsx",
  "components/register/use-registered-meanwhile.ts",
  "components/tickets/ticket-row-actions.tsx",
];

const FACT = "(?:voided_at|void_reason|registered_at|is_registered|is_voided|registered|voided)";
/** A decision on one of the rule's facts in TypeScript: negated, compared, or used as a condition. */
const DECISION = new RegExp(
  `!\\s*[A-Za-z_$][\\w$?.]*\\.${FACT}\\b|(?<=[\\w$\\])?])\\.${FACT}\\b\\s*(?:\\)|&&|\\|\\||\\?(?![.?])|[!=]==?)`,
  "g",
);

/**
 * Lines that name the facts for another rule: an imported CSV row's own void columns (the import
 * voids the tickets it creates with them), and the Tickets row's Void/Unvoid buttons.
 */
const NOT_DECISIONS = [
  "const isVoid = !!ticket.voided_at;",
  "r.void_reason && inserted.has(r.ticket_number)",
  "if (r.voided_at && !r.void_reason)",
];

export function registrationDecisions(source: string): string[] {
  return source
    .split("\n")
    .filter(
      (line) =>
        !line.trim().startsWith("//") &&
        !line.trim().startsWith("*") &&
        !NOT_DECISIONS.some((allowed) => line.includes(allowed)),
    )
    .flatMap((line) => [...line.matchAll(DECISION)].map((m) => `${m[0].trim()}  (${line.trim()})`));
}

describe("the registrability rule's one home", () => {
  it("recognises a check of the rule's columns", () => {
    expect(registrationDecisions("if (ticket.voided_at) throw x;")).toHaveLength(1);
    expect(registrationDecisions("return found.is_registered ? a : b;")).toHaveLength(1);
    expect(registrationDecisions("const ok = !same.registered && sells(r);")).toHaveLength(1);
    expect(registrationDecisions("const x = row.registered_at !== null;")).toHaveLength(1);
    expect(registrationDecisions("if (match.void_reason) {")).toHaveLength(1);
    expect(registrationDecisions("// ticket.voided_at) in a comment")).toEqual([]);
    expect(registrationDecisions("const facts = registrationFacts(ticket); registered: ticket.is_registered,")).toEqual(
      [],
    );
    expect(registrationDecisions("WHERE t.registered_at IS NULL AND t.voided_at IS NULL")).toEqual([]);
    expect(registrationDecisions("state.voided.push(...voided);")).toEqual([]);
  });

  it("no registration path checks voided_at, void_reason or registered_at itself", () => {
    const found = REGISTRATION_PATHS.flatMap((file) =>
      registrationDecisions(readFileSync(path.join(ROOT, file), "utf8")).map((d) => `${file}: ${d}`),
    );
    expect(found).toEqual([]);
  });

  it("every path that decides asks lib/registrability.ts", () => {
    const silent = ASKERS.filter((file) => !/\bregistrability\(/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(silent).toEqual([]);
  });

  it("the SQL-side rule says what the function says: not registered and not void", () => {
    const rule = readFileSync(path.join(ROOT, "server/tickets/registration.ts"), "utf8");
    expect(rule).toContain("WHERE t.id = r.ticket_id AND t.registered_at IS NULL AND t.voided_at IS NULL");
    const edit = readFileSync(path.join(ROOT, "server/tickets/update-ticket.ts"), "utf8");
    expect(edit).toContain("t.registered_at IS NULL AND t.voided_at IS NULL");
    const fn = readFileSync(path.join(ROOT, "lib/registrability.ts"), "utf8");
    // Whatever the line breaks (a formatter may move them), the order is void first, then sold.
    expect(fn).toMatch(/if \(ticket\.is_voided\)\s*return\s*\{\s*reason: "voided"/);
    expect(fn).toMatch(/if \(ticket\.is_registered\)\s*\{/);
  });
});
