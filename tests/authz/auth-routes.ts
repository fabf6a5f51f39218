import type { AuthzRow } from "./types";

// Bodies name users that do not exist: an admin then gets 404/409, which still counts as
// "got past authorization", and no fixture user is changed by the matrix.
const GHOST = "ghost-user@example.com";

export const authRoutes: AuthzRow[] = [
  // Auth.js's own endpoints (browser redirects, session, CSRF): open by design.
  { method: "GET", route: "/api/auth/[...nextauth]", path: "/api/auth/session", access: "public" },
  { method: "POST", route: "/api/auth/[...nextauth]", path: "/api/auth/signout", access: "public" },
  // No body: 400 for everyone (a bad ID token is 401 by contract, tested on its own).
  { method: "POST", route: "/api/auth/google-signin", access: "public" },
  // No body token: it checks the caller's own credentials, so it behaves like a user route.
  { method: "POST", route: "/api/auth/verify-token", body: {}, access: "user" },
  { method: "POST", route: "/api/auth/check-admin", body: {}, access: "user" },
  { method: "GET", route: "/api/auth/profile", access: "user" },
  // Someone else's profile is admin-only (one's own is open to every user: see auth-api tests).
  {
    method: "GET",
    route: "/api/auth/profile/[email]",
    path: `/api/auth/profile/${encodeURIComponent(GHOST)}`,
    access: "admin",
  },
  { method: "POST", route: "/api/auth/sign-out", access: "user" },
  // One's own sessions (issue 25 item 12); ending one that is not the caller's is 404, never another's.
  { method: "GET", route: "/api/auth/sessions", access: "user" },
  {
    method: "DELETE",
    route: "/api/auth/sessions/[id]",
    path: "/api/auth/sessions/00000000-0000-4000-8000-000000000000",
    access: "user",
  },
  { method: "GET", route: "/api/auth/users", access: "admin" },
  {
    method: "POST",
    route: "/api/auth/add-user",
    body: { email: "matrix-added@example.com", displayName: "Matrix", isAdmin: false },
    access: "admin",
  },
  { method: "PUT", route: "/api/auth/update-user-role", body: { email: GHOST, isAdmin: true }, access: "admin" },
  { method: "PUT", route: "/api/auth/disable-user", body: { email: GHOST }, access: "admin" },
  { method: "DELETE", route: "/api/auth/delete-user", body: { email: GHOST }, access: "admin" },
  { method: "POST", route: "/api/auth/reset-google-link", body: { email: GHOST }, access: "admin" },
];
