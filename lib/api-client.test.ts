import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, download, fileNameOf } from "@/lib/api-client";

function answer(body: BodyInit | null, init: ResponseInit) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(body, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("fileNameOf", () => {
  it("reads Content-Disposition's file name, or falls back", () => {
    expect(
      fileNameOf(
        new Response("", { headers: { "content-disposition": 'attachment; filename="tickets-2026.csv"' } }),
        "x.csv",
      ),
    ).toBe("tickets-2026.csv");
    expect(fileNameOf(new Response(""), "x.csv")).toBe("x.csv");
  });
});

describe("download", () => {
  it("sends the call's headers and body, reports each chunk, and answers the file with its name and size", async () => {
    const fetchMock = answer("a,b\n1,2\n", {
      headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="out.csv"' },
    });
    const seen: number[] = [];
    const file = await download("/print/stubs", {
      method: "POST",
      body: { a: 1 },
      accept: "application/pdf",
      fallbackName: "f.pdf",
      headers: { "X-Job-Id": "j1" },
      onChunk: (_c, bytes) => seen.push(bytes),
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/print/stubs");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    const headers = new Headers(init.headers);
    expect(headers.get("accept")).toBe("application/pdf");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("x-job-id")).toBe("j1");
    expect(file.fileName).toBe("out.csv");
    expect(file.bytes).toBe(8);
    expect(seen.at(-1)).toBe(8);
    expect(file.blob.type).toBe("text/csv");
    expect(await file.blob.text()).toBe("a,b\n1,2\n");
  });

  it("turns a refusal into the API's error, with the server's code and message", async () => {
    answer(JSON.stringify({ success: false, code: "forbidden", message: "Administrators only" }), {
      status: 403,
      headers: { "content-type": "application/json" },
    });
    const error = await download("/audit/export", { accept: "text/csv", fallbackName: "a.csv" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: "forbidden", message: "Administrators only" });
  });

  it("says which status failed when the body is not JSON", async () => {
    answer("oops", { status: 502 });
    await expect(
      download("/backups/latest", { accept: "application/gzip", fallbackName: "b.tar.gz" }),
    ).rejects.toMatchObject({ status: 502, code: "http_error", message: "Request failed (502)" });
  });
});
