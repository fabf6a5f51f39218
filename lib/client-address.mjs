// The client's address, for the pre-sign-in rate limit (issue 25 item 2; docs/decisions/061).
// Plain JavaScript: scripts/start.mjs (the production server, which alone sees the socket) and
// the app share it. The rule: the socket's address, unless the socket is one of TRUSTED_PROXIES
// (addresses or CIDRs, comma-separated); then X-Forwarded-For (else X-Real-IP, else Forwarded's
// `for=`) is read right to left and the right-most address that is not a trusted proxy counts.
import { isIP } from "node:net";

/** The header scripts/start.mjs writes (any copy the client sent is replaced). */
export const CLIENT_ADDRESS_HEADER = "x-raffle-client-address";
/** Set by scripts/start.mjs in its own process: the header above can then be believed. */
export const CLIENT_ADDRESS_ENV = "RAFFLE_CLIENT_ADDRESS_FROM_SOCKET";

/** `::ffff:1.2.3.4` → `1.2.3.4`; `[::1]:80` → `::1`; `1.2.3.4:80` → `1.2.3.4`; junk → null. */
export function normalizeAddress(value) {
  if (typeof value !== "string") return null;
  let text = value.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, ""); // zone index
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) text = mapped[1];
  const version = isIP(text);
  if (!version) return null;
  return version === 6 ? text.toLowerCase() : text;
}

function ipv4Bits(address) {
  return address
    .split(".")
    .map((part) => Number(part).toString(2).padStart(8, "0"))
    .join("");
}

function ipv6Bits(address) {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const bits = ipv4Bits(v4[1]);
    text =
      text.slice(0, -v4[1].length) +
      parseInt(bits.slice(0, 16), 2).toString(16) +
      ":" +
      parseInt(bits.slice(16), 2).toString(16);
  }
  const [head, tail] = text.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - headParts.length - tailParts.length).fill("0");
  return [...headParts, ...fill, ...tailParts]
    .map((part) =>
      parseInt(part || "0", 16)
        .toString(2)
        .padStart(16, "0"),
    )
    .join("");
}

/** An address as a bit string (32 or 128 bits). */
function addressBits(address) {
  return isIP(address) === 4 ? ipv4Bits(address) : ipv6Bits(address);
}

/**
 * TRUSTED_PROXIES: "10.0.0.1, 10.1.0.0/16, fd00::/8". Throws on an entry that is not an
 * address or CIDR, so a typo stops the server instead of silently trusting nothing.
 */
export function parseTrustedProxies(text) {
  if (!text || !text.trim()) return [];
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [rawAddress, rawPrefix] = entry.split("/");
      const address = normalizeAddress(rawAddress);
      if (!address) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or CIDR`);
      const width = isIP(address) === 4 ? 32 : 128;
      const prefix = rawPrefix === undefined ? width : Number(rawPrefix);
      if (
        !Number.isInteger(prefix) ||
        prefix < 0 ||
        prefix > width ||
        (rawPrefix !== undefined && !/^\d+$/.test(rawPrefix))
      ) {
        throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
      }
      return { bits: addressBits(address).slice(0, prefix), width };
    });
}

export function isTrustedProxy(address, trusted) {
  if (!address || trusted.length === 0) return false;
  const bits = addressBits(address);
  return trusted.some((range) => range.width === bits.length && bits.startsWith(range.bits));
}

/** The hops a proxy reported, nearest last. */
function forwardedChain(headers) {
  const get = (name) => {
    const value = typeof headers.get === "function" ? headers.get(name) : headers[name];
    return Array.isArray(value) ? value.join(",") : (value ?? null);
  };
  const xff = get("x-forwarded-for");
  if (xff) return xff.split(",").map(normalizeAddress);
  const realIp = get("x-real-ip");
  if (realIp) return [normalizeAddress(realIp)];
  const forwarded = get("forwarded");
  if (forwarded) {
    return forwarded.split(",").map((element) => {
      const match = /(?:^|;)\s*for=("[^"]*"|[^;,\s]*)/i.exec(element);
      return match ? normalizeAddress(match[1]) : null;
    });
  }
  return [];
}

/**
 * The address that counts: the socket's, unless the socket is a trusted proxy; then the
 * right-most reported hop that is not itself trusted (an unreadable hop ends the walk: what is
 * left of it was written by someone we do not trust, so the last hop we could read counts).
 */
export function resolveClientAddress({ socketAddress, headers, trusted }) {
  const socket = normalizeAddress(socketAddress);
  if (!socket || !isTrustedProxy(socket, trusted)) return socket;
  let client = socket;
  const chain = forwardedChain(headers);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i];
    if (!hop) break;
    client = hop;
    if (!isTrustedProxy(hop, trusted)) break;
  }
  return client;
}

/** scripts/start.mjs: writes the one header the app believes, from the socket. */
export function stampClientAddress(req, trusted) {
  const address = resolveClientAddress({ socketAddress: req.socket?.remoteAddress, headers: req.headers, trusted });
  if (address) req.headers[CLIENT_ADDRESS_HEADER] = address;
  else delete req.headers[CLIENT_ADDRESS_HEADER];
}

/**
 * The rate limit's key for an address: IPv6 by its /64 (one subscriber's usual allocation, so
 * walking through its 2^64 addresses does not make 2^64 keys), IPv4 as is.
 */
export function addressKey(address) {
  if (isIP(address) !== 6) return address;
  const bits = addressBits(address).slice(0, 64);
  const groups = [];
  for (let i = 0; i < 64; i += 16) groups.push(parseInt(bits.slice(i, i + 16), 2).toString(16));
  return `${groups.join(":")}::/64`;
}
