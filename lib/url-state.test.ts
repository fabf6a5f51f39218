import { describe, expect, it } from "vitest";
import { readUrlState, urlBoolean, urlInteger, urlLiteral, urlString, writeUrlState } from "@/lib/url-state";

const parsers = {
  q: urlString.withDefault(""),
  status: urlLiteral(["all", "registered", "unregistered"] as const).withDefault("all"),
  page: urlInteger.withDefault(1),
  owing: urlBoolean.withDefault(false),
  after: urlString,
  view: urlLiteral(["table", "cards"] as const),
};

describe("readUrlState", () => {
  it("reads present parameters and gives defaults (or null) for absent ones", () => {
    expect(
      readUrlState(parsers, new URLSearchParams("q=Maria+Santos&status=registered&page=3&owing=true&after=abc")),
    ).toEqual({
      q: "Maria Santos",
      status: "registered",
      page: 3,
      owing: true,
      after: "abc",
      view: null,
    });
    expect(readUrlState(parsers, new URLSearchParams(""))).toEqual({
      q: "",
      status: "all",
      page: 1,
      owing: false,
      after: null,
      view: null,
    });
  });

  it("reads a value that is not one of the parameter's as absent", () => {
    expect(readUrlState(parsers, new URLSearchParams("status=sold&page=x&view=grid"))).toMatchObject({
      status: "all",
      page: 1,
      view: null,
    });
    expect(readUrlState(parsers, new URLSearchParams("page=2.7&owing=yes"))).toMatchObject({ page: 2, owing: false });
    expect(readUrlState(parsers, new URLSearchParams("owing=TRUE"))).toMatchObject({ owing: true });
  });

  it("reads a page's searchParams record, taking the first of repeated values", () => {
    expect(readUrlState(parsers, { q: ["Juan", "Pedro"], page: "4", status: undefined })).toMatchObject({
      q: "Juan",
      page: 4,
      status: "all",
    });
  });
});

describe("writeUrlState", () => {
  const from = new URLSearchParams("q=Maria&page=3&other=kept");

  it("sets values and keeps parameters it does not own or was not given", () => {
    expect(writeUrlState(parsers, from, { status: "registered", page: 4 }).toString()).toBe(
      "q=Maria&page=4&other=kept&status=registered",
    );
  });

  it("removes a parameter set to null, or to its default", () => {
    expect(writeUrlState(parsers, from, { q: null, page: 1 }).toString()).toBe("other=kept");
    expect(writeUrlState(parsers, from, { owing: false, status: "all" }).toString()).toBe("q=Maria&page=3&other=kept");
  });

  it("keeps a default value in the URL when asked to", () => {
    expect(writeUrlState(parsers, new URLSearchParams(), { page: 1 }, false).toString()).toBe("page=1");
  });

  it("writes whole numbers and booleans as text", () => {
    expect(writeUrlState(parsers, new URLSearchParams(), { page: 2.6, owing: true }).toString()).toBe(
      "page=3&owing=true",
    );
  });

  it("does not change the query it was given", () => {
    writeUrlState(parsers, from, { q: "Juan" });
    expect(from.toString()).toBe("q=Maria&page=3&other=kept");
  });

  it("refuses a parameter it has no parser for", () => {
    expect(() => writeUrlState(parsers, from, { nope: "x" } as never)).toThrow('Unknown URL parameter "nope"');
  });
});
