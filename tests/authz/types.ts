// One row per (method, route) of app/api. The matrix test (tests/integration/authz-matrix.test.ts)
// calls each route as every kind of caller and checks the status; a route file without a
// row fails it. Rows live in tests/authz/<area>-routes.ts.

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** "ok" = the caller got past authentication and authorization (any status but 401/403). */
export type Expectation = 401 | 403 | "ok";

export interface AuthzRow {
  method: Method;
  /** The route as its folder path under app/, e.g. "/api/tickets/[id]". */
  route: string;
  /** A concrete path to call (defaults to `route`), e.g. "/api/tickets/00001". */
  path?: string;
  /** JSON body to send (for writes). */
  body?: unknown;
  /** Who may pass: "public" (anyone), "user" (any signed-in, enabled user) or "admin". */
  access: "public" | "user" | "admin";
}
