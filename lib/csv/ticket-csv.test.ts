import { describe, expect, it } from "vitest";
import {
  createCsvRecordCounter,
  csvField,
  neutraliseCell,
  normalizeHeader,
  restoreCell,
  ticketCsvTemplate,
} from "@/lib/csv/ticket-csv";

describe("formula neutralisation", () => {
  it("prefixes cells a spreadsheet would run, and only those", () => {
    for (const v of ["=SUM(A1)", "+639171234567", "-5", "@cmd", "\tx", "\rx"]) expect(neutraliseCell(v)).toBe(`'${v}`);
    for (const v of ["Juan", "9171234567", "a=b", "", "'quoted"]) expect(neutraliseCell(v)).toBe(v);
  });

  it("is undone exactly by the importer, even for values that start with apostrophes", () => {
    for (const v of ["=x", "'=x", "''=x", "'x", "x", "", "-", "'", "''-1", "@"])
      expect(restoreCell(neutraliseCell(v))).toBe(v);
    expect(neutraliseCell("'=x")).toBe("''=x");
    // A cell that was not neutralised keeps its apostrophe.
    expect(restoreCell("'plain")).toBe("'plain");
  });
});

describe("csvField", () => {
  it("quotes as RFC 4180 and PostgreSQL's COPY do", () => {
    expect(csvField(null)).toBe("");
    expect(csvField("")).toBe('""');
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  });
});

describe("headers and the template", () => {
  it("match headers ignoring case, spaces, underscores and a byte order mark", () => {
    expect(normalizeHeader("\uFEFF Last 5  Digits ")).toBe(normalizeHeader("last_5_digits"));
  });
  it("the template is the header (the spec's 14 columns, then the sale and void columns) and one example row", () => {
    const [header, example, end] = ticketCsvTemplate().split("\r\n");
    expect(header).toBe(
      "Ticket ID,Control Number,Last 5 Digits,Buyer Name,Phone " +
        "Number,Email,Address,Payment Method,Amount,Status,Created At,Updated " +
        "At,Creator Email,Source,Payment Reference,Seller Email,Voided At,Void " +
        "Reason",
    );
    expect(example.split(",")).toHaveLength(19); // the address holds one comma, quoted
    expect(example).toMatch(
      /^EXAMPLE \(this row is never imported; delete or keep it\),,00042,Juan Dela Cruz,09171234567,/,
    );
    expect(example).toContain('"123 Rizal St, Quezon City",Cash,50.00,registered');
    expect(end).toBe("");
  });
});

describe("createCsvRecordCounter", () => {
  it("counts records across chunks, not line feeds inside quotes", () => {
    const counter = createCsvRecordCounter();
    for (const chunk of ['A,B\r\n1,"multi', '\nline"\r', "\n2,x"]) counter.push(chunk);
    expect(counter.records()).toBe(2);
    expect(counter.records(true)).toBe(3);
  });
});
