import type { AuthzRow } from "./types";

// Heavy jobs (issue 28): a job's progress is its requester's or an administrator's (the
// service answers others 404); the self-test is for administrators.
export const jobRoutes: AuthzRow[] = [
  { method: "GET", route: "/api/jobs/[id]", path: "/api/jobs/00000000-0000-4000-8000-000000000000", access: "user" },
  { method: "POST", route: "/api/jobs/self-test", body: { bytes: 0 }, access: "admin" },
];
