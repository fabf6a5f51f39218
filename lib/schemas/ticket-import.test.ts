import { describe, expect, it } from "vitest";
import { importFileSchema, parseImportDate } from "@/lib/schemas/ticket-import";

describe("parseImportDate", () => {
  it("reads ISO 8601 with an offset, Z, or none (the raffle's local time)", () => {
    expect(parseImportDate("2026-11-24T09:30:00.123+08:00", "Asia/Manila")?.toISOString()).toBe(
      "2026-11-24T01:30:00.123Z",
    );
    expect(parseImportDate("2026-11-24T01:30:00Z", "Asia/Manila")?.toISOString()).toBe("2026-11-24T01:30:00.000Z");
    expect(parseImportDate("2026-11-24 09:30", "Asia/Manila")?.toISOString()).toBe("2026-11-24T01:30:00.000Z");
    expect(parseImportDate("2026-11-24", "Asia/Manila")?.toISOString()).toBe("2026-11-23T16:00:00.000Z");
    expect(parseImportDate("2026-11-24T09:30:00-0500", "Asia/Manila")?.toISOString()).toBe("2026-11-24T14:30:00.000Z");
  });
  it("refuses what is not a date", () => {
    for (const v of ["yesterday", "24/11/2026", "2026-13-01", "2026-11-24T25:00:00Z", ""])
      expect(parseImportDate(v, "Asia/Manila")).toBeNull();
  });
});

describe("importFileSchema", () => {
  const message = (file: File | null) => {
    const r = importFileSchema.safeParse({ file });
    return r.success ? null : r.error.issues[0].message;
  };
  it("needs a CSV file", () => {
    expect(message(null)).toBe("Please select a file first");
    expect(message(new File(["x"], "tickets.txt", { type: "text/plain" }))).toBe("Please select a valid CSV file");
    expect(message(new File(["x"], "tickets.CSV", { type: "" }))).toBeNull();
  });
});
