import "server-only";

/** `url` as a path on this app, or the dashboard when it points at another origin. */
export function safeRedirectPath(url: string, ownOrigins: (string | undefined)[]): string {
  const origins = new Set(ownOrigins.filter((o): o is string => Boolean(o)).map((o) => new URL(o).origin));
  let target: URL;
  try {
    target = new URL(url, "http://relative.invalid");
  } catch {
    return "/dashboard/overview";
  }
  const isRelative = target.origin === "http://relative.invalid" && url.startsWith("/") && !url.startsWith("//");
  if (!isRelative && !origins.has(target.origin)) return "/dashboard/overview";
  return `${target.pathname}${target.search}${target.hash}`;
}
