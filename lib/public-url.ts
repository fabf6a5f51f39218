// The raffle's public address (issue 38 item 1, docs/decisions/201): the one URL printed in stub QR
// codes and stub text, the Commitment Notice, the Minutes of the Draw and every public link. It is
// PUBLIC_BASE_URL, else AUTH_URL; with neither, the address this server was reached at. A URL a
// buyer's phone cannot open (unset, a loopback address, 0.0.0.0) is reported with the same words on
// Settings, Print stubs, the Commitment Notice and Publish.

export type PublicUrlProblem = "unset" | "loopback" | "unspecified";

export interface PublicUrlView {
  /** The URL that will be printed (no trailing slash). */
  url: string;
  /** Set by PUBLIC_BASE_URL or AUTH_URL (false: the server's own address is used). */
  configured: boolean;
  problem: PublicUrlProblem | null;
  /** One sentence naming the URL and why a buyer's phone cannot open it; null when it can. */
  warning: string | null;
}

/** The host without IPv6 brackets, lower case. */
function bareHost(url: URL) {
  return url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

/**
 * 'loopback' (127.0.0.0/8, ::1, localhost), 'unspecified' (0.0.0.0, ::) or null for an address another machine can
 * reach.
 */
export function hostProblem(host: string): Exclude<PublicUrlProblem, "unset"> | null {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "0.0.0.0" || h === "::") return "unspecified";
  if (
    h === "localhost" ||
    h.endsWith(".localhost") ||
    h === "::1" ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    /^::ffff:127\./.test(h)
  )
    return "loopback";
  return null;
}

/** Trailing slashes removed: links are built as `${url}/draw/…`. */
export const trimPublicUrl = (url: string) => url.replace(/\/+$/, "");

/**
 * What will be printed and whether a phone can open it. `configured` is PUBLIC_BASE_URL ?? AUTH_URL
 * (null when neither is set); `fallback` is the address the request came in on.
 */
export function describePublicUrl(options: { configured: string | null; fallback: string }): PublicUrlView {
  const configured = Boolean(options.configured);
  const url = trimPublicUrl(options.configured ?? options.fallback);
  let problem: PublicUrlProblem | null;
  try {
    problem = hostProblem(bareHost(new URL(url)));
  } catch {
    problem = "unspecified";
  }
  if (!configured) problem = problem ?? "unset";
  return { url, configured, problem, warning: problem ? publicUrlWarning(url, problem) : null };
}

/** The warning's one sentence, the same on every screen. */
export function publicUrlWarning(url: string, problem: PublicUrlProblem): string {
  const why =
    problem === "unset"
      ? "the public URL is not set (PUBLIC_BASE_URL or AUTH_URL), so this server's own address is used"
      : problem === "loopback"
        ? "it is a loopback address, which only this computer can open"
        : "it is an unspecified address (0.0.0.0), which no phone can open";
  return (
    `QR codes and public links will point to ${url}: ${why}. Set ` +
    `PUBLIC_BASE_URL to the address buyers' phones use before printing.`
  );
}
