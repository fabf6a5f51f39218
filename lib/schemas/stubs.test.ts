import { describe, expect, it } from "vitest";
import {
  printStubsFormSchema,
  printStubsPayload,
  printStubsSchema,
  replaceQrSchema,
  STUB_MESSAGES,
} from "@/lib/schemas/stubs";

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe("printStubsSchema", () => {
  it("takes from/to as numbers or 5-digit strings, with the defaults", () => {
    expect(printStubsSchema.parse({ from: "00001", to: 500 })).toEqual({
      from: 1,
      to: 500,
      paper: "a4",
      layout: "5-up",
      order: "sequential",
      calibration: false,
    });
    expect(
      printStubsSchema.parse({
        ticketIds: ["00000000-0000-4000-8000-000000000000"],
        paper: "letter",
        layout: "10-up",
        order: "cut-stack",
        calibration: true,
      }),
    ).toMatchObject({
      paper: "letter",
      layout: "10-up",
    });
  });

  it("refuses a bad selection with the contract's messages", () => {
    expect(issues(printStubsSchema.safeParse({ from: "1", to: 2 }))).toEqual([STUB_MESSAGES.ticketNumber]);
    expect(issues(printStubsSchema.safeParse({ from: 0, to: 2 }))).toEqual([STUB_MESSAGES.ticketNumber]);
    expect(issues(printStubsSchema.safeParse({ from: 5, to: 2 }))).toEqual([STUB_MESSAGES.range]);
    expect(issues(printStubsSchema.safeParse({ from: 5 }))).toEqual([STUB_MESSAGES.selector]);
    expect(issues(printStubsSchema.safeParse({}))).toEqual([STUB_MESSAGES.selector]);
    expect(issues(printStubsSchema.safeParse({ ticketIds: [] }))).toEqual([STUB_MESSAGES.ticketIds]);
    expect(issues(printStubsSchema.safeParse({ from: 1, to: 2, layout: "3-up" }))).toEqual([STUB_MESSAGES.layout]);
    expect(issues(printStubsSchema.safeParse({ from: 1, to: 2, filter: {} }))).toEqual([STUB_MESSAGES.selector]);
    expect(
      issues(
        printStubsSchema.safeParse({ ticketIds: ["00000000-0000-4000-8000-000000000000"], filter: { status: "all" } }),
      ),
    ).toEqual([STUB_MESSAGES.selector]);
  });
});

describe("printStubsFormSchema", () => {
  const base = {
    which: "range",
    from: "1",
    to: "20",
    paper: "a4",
    layout: "5-up",
    order: "sequential",
    calibration: false,
  } as const;
  const none = { filter: null, ticketIds: [] };
  it("reads the inputs into the API's body", () => {
    expect(printStubsFormSchema.parse(base)).toEqual({
      which: "range",
      from: 1,
      to: 20,
      paper: "a4",
      layout: "5-up",
      order: "sequential",
      calibration: false,
    });
    expect(printStubsPayload(printStubsFormSchema.parse(base), none)).toEqual({
      from: 1,
      to: 20,
      paper: "a4",
      layout: "5-up",
      order: "sequential",
      calibration: false,
    });
    expect(printStubsSchema.parse(printStubsPayload(printStubsFormSchema.parse(base), none))).toMatchObject({
      from: 1,
      to: 20,
    });
  });
  it("takes the list's filter or the ticked rows instead of a range (the range inputs are then ignored)", () => {
    const filter = { search: "santos", status: "registered" as const, payment: "cash" };
    const byFilter = printStubsPayload(printStubsFormSchema.parse({ ...base, which: "filter", from: "", to: "x" }), {
      filter,
      ticketIds: [],
    });
    expect(byFilter).toEqual({ filter, paper: "a4", layout: "5-up", order: "sequential", calibration: false });
    expect(printStubsSchema.parse(byFilter)).toMatchObject({
      filter: { search: "santos", status: "registered", payment: "cash" },
    });
    const id = "00000000-0000-4000-8000-000000000000";
    const byRows = printStubsPayload(printStubsFormSchema.parse({ ...base, which: "selected" }), {
      filter: null,
      ticketIds: [id],
    });
    expect(printStubsSchema.parse(byRows)).toMatchObject({ ticketIds: [id] });
    expect(byRows).not.toHaveProperty("from");
  });
  it("names the field at fault", () => {
    const r = printStubsFormSchema.safeParse({ ...base, from: "30" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["to", STUB_MESSAGES.range]]);
    expect(printStubsFormSchema.safeParse({ ...base, from: "" }).error?.issues[0].path).toEqual(["from"]);
  });
});

describe("replaceQrSchema", () => {
  it("needs a reason of 3 to 200 characters", () => {
    expect(replaceQrSchema.parse({ reason: "  Stub lost  " })).toEqual({ reason: "Stub lost" });
    expect(issues(replaceQrSchema.safeParse({ reason: "x" }))).toEqual([STUB_MESSAGES.reason]);
    expect(replaceQrSchema.safeParse({ reason: "x".repeat(201) }).success).toBe(false);
  });
});
