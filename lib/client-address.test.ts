import { describe, expect, it } from "vitest";
import {
  addressKey,
  normalizeAddress,
  parseTrustedProxies,
  resolveClientAddress,
  stampClientAddress,
} from "@/lib/client-address.mjs";

const resolve = (socketAddress: string, headers: Record<string, string>, trusted = "") =>
  resolveClientAddress({ socketAddress, headers, trusted: parseTrustedProxies(trusted) });

// Addresses are data here, never a destination; still only the documentation ranges (RFC 5737),
// which .ci/run's loopback check allows in tests besides 127.0.0.0/8.
describe("the client address (issue 25 item 2)", () => {
  it("is the socket's, whatever X-Forwarded-For, X-Real-IP or Forwarded say, without TRUSTED_PROXIES", () => {
    const forged = { "x-forwarded-for": "203.0.113.44", "x-real-ip": "203.0.113.45", forwarded: "for=203.0.113.46" };
    expect(resolve("203.0.113.5", forged)).toBe("203.0.113.5");
    expect(resolve("::ffff:203.0.113.5", forged)).toBe("203.0.113.5");
  });

  it("is the socket's when the socket is not a trusted proxy", () => {
    expect(resolve("203.0.113.5", { "x-forwarded-for": "203.0.113.44" }, "192.0.2.0/24")).toBe("203.0.113.5");
  });

  it("behind a trusted proxy, is the right-most address that is not a trusted proxy", () => {
    const trusted = "192.0.2.0/25, 192.0.2.200";
    expect(resolve("192.0.2.2", { "x-forwarded-for": "203.0.113.44, 198.51.100.7" }, trusted)).toBe("198.51.100.7");
    expect(
      resolve("192.0.2.2", { "x-forwarded-for": "203.0.113.44, 198.51.100.7, 192.0.2.200, 192.0.2.99" }, trusted),
    ).toBe("198.51.100.7");
    expect(resolve("192.0.2.2", { "x-real-ip": "198.51.100.8" }, trusted)).toBe("198.51.100.8");
    expect(resolve("192.0.2.2", { forwarded: 'for=203.0.113.44, for="[2001:db8::1]:4711";proto=https' }, trusted)).toBe(
      "2001:db8::1",
    );
    // Only trusted hops, or nothing forwarded: the left-most hop, or the proxy itself.
    expect(resolve("192.0.2.2", { "x-forwarded-for": "192.0.2.11" }, trusted)).toBe("192.0.2.11");
    expect(resolve("192.0.2.2", {}, trusted)).toBe("192.0.2.2");
    // A hop that is not an address stops the walk at the last good one.
    expect(resolve("192.0.2.2", { "x-forwarded-for": "203.0.113.44, junk, 192.0.2.33" }, trusted)).toBe("192.0.2.33");
  });

  it("parses CIDRs of both families and refuses a typo", () => {
    expect(resolve("fd00::5", { "x-forwarded-for": "2001:db8::9" }, "fd00::/8")).toBe("2001:db8::9");
    expect(() => parseTrustedProxies("192.0.2.0/33")).toThrow("TRUSTED_PROXIES");
    expect(() => parseTrustedProxies("proxy.local")).toThrow("TRUSTED_PROXIES");
    expect(parseTrustedProxies(" ")).toEqual([]);
  });

  it("normalizes ports, brackets and mapped IPv4; refuses junk", () => {
    expect(normalizeAddress("[::1]:80")).toBe("::1");
    expect(normalizeAddress("203.0.113.44:8080")).toBe("203.0.113.44");
    expect(normalizeAddress("not an address")).toBeNull();
  });

  it("is keyed per /64 for IPv6, so one subscriber's addresses are one key", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb::9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
  });

  it("the start script's stamp replaces a client's own copy of the header", () => {
    const req = {
      socket: { remoteAddress: "203.0.113.5" },
      headers: { "x-raffle-client-address": "203.0.113.61", "x-forwarded-for": "203.0.113.62" } as Record<
        string,
        string
      >,
    };
    stampClientAddress(req, []);
    expect(req.headers["x-raffle-client-address"]).toBe("203.0.113.5");
  });
});
