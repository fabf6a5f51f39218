import { describe, expect, it } from "vitest";
import { describePublicUrl, hostProblem } from "@/lib/public-url";

describe("the raffle's public URL (decision 201)", () => {
  it("names loopback, unspecified and reachable hosts", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.0.0.2", "[::1]", "::1"])
      expect(hostProblem(host), host).toBe("loopback");
    for (const host of ["0.0.0.0", "[::]"]) expect(hostProblem(host), host).toBe("unspecified");
    for (const host of ["198.51.100.23", "raffle.example.ph", "[2001:db8::7]", "203.0.113.127"])
      expect(hostProblem(host), host).toBeNull();
  });

  it("uses the configured URL without a trailing slash and warns only when a phone cannot open it", () => {
    expect(describePublicUrl({ configured: "http://198.51.100.23:3300/", fallback: "http://0.0.0.0:3300" })).toEqual({
      url: "http://198.51.100.23:3300",
      configured: true,
      problem: null,
      warning: null,
    });
    const loop = describePublicUrl({ configured: "http://127.0.0.2:4900", fallback: "http://x" });
    expect(loop.problem).toBe("loopback");
    expect(loop.warning).toBe(
      "QR codes and public links will point to http://127.0.0.2:4900: it is a loopback address, which only " +
        "this computer can open. Set PUBLIC_BASE_URL to the address buyers' phones use before printing.",
    );
  });

  it("falls back to the request's address when unset, and says so even when that address is reachable", () => {
    expect(describePublicUrl({ configured: null, fallback: "http://0.0.0.0:3300" })).toMatchObject({
      url: "http://0.0.0.0:3300",
      configured: false,
      problem: "unspecified",
    });
    const unset = describePublicUrl({ configured: null, fallback: "http://198.51.100.23:3000" });
    expect(unset.problem).toBe("unset");
    expect(unset.warning).toContain(
      "http://198.51.100.23:3000: the public URL is not set (PUBLIC_BASE_URL or AUTH_URL)",
    );
  });
});
