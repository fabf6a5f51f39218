// Draw day's entries (issue 38 item 2): witnesses one per line with commas kept; the outside value's
// two typings compared with spaces and separators removed, as docs/draw.md says.
import { describe, expect, it } from "vitest";
import { outsideValueKey, sameOutsideValue, witnessLines } from "@/lib/draw";
import { revealDrawFormSchemaFor } from "@/lib/schemas/draw-form";

describe("the outside value's two typings", () => {
  it("are the same dice rolls with or without spaces, commas or dashes", () => {
    expect(sameOutsideValue("dice", "3 5 1 2 6 4 4 3 5 2", "3512644352")).toBe(true);
    expect(sameOutsideValue("dice", "35-12,64;4352", " 3512644352 ")).toBe(true);
    expect(sameOutsideValue("dice", "3512644352", "3512644353")).toBe(false);
  });

  it("compare PCSO numbers by value and order, not by how they were separated", () => {
    expect(sameOutsideValue("pcso", "06, 12, 23, 34, 45, 58", "6 12 23 34 45 58")).toBe(true);
    // Separators are not simply deleted: 1,23 and 12,3 are different draws.
    expect(sameOutsideValue("pcso", "1, 23", "12, 3")).toBe(false);
    expect(outsideValueKey("pcso", "06 - 12")).toBe("6,12");
  });

  it("compare a drand signature's hex digits in any case, with or without 0x and spaces", () => {
    expect(sameOutsideValue("drand-quicknet", "0xABCD ef01", "abcdef01")).toBe(true);
    expect(sameOutsideValue("drand-quicknet", "abcd", "abce")).toBe(false);
  });
});

describe("the witnesses box", () => {
  it("is one name per line, commas kept", () => {
    expect(witnessLines("Lito Lapid, class president\r\n  Maria Clara \n\n")).toEqual([
      "Lito Lapid, class president",
      "Maria Clara",
    ]);
  });

  it("goes to the API as typed, and refuses only a real mismatch", () => {
    const schema = revealDrawFormSchemaFor("dice");
    expect(
      schema.parse({
        outsideValue: "3 5 1 2 6 4 4 3 5 2",
        outsideValueConfirm: "3512644352",
        witnesses: "Lito Lapid, class president\nMaria Clara",
      }),
    ).toEqual({
      outsideValue: "3 5 1 2 6 4 4 3 5 2",
      outsideValueConfirm: "3512644352",
      witnesses: ["Lito Lapid, class president", "Maria Clara"],
    });
    const bad = schema.safeParse({ outsideValue: "3512644352", outsideValueConfirm: "3512644353", witnesses: "" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["outsideValueConfirm", "The two entries of the outside value differ"],
      ["witnesses", "Name at least one witness"],
    ]);
  });
});
