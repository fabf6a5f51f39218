// GET /api/jobs/{id} - a heavy job's state and progress (the person who started it, or an administrator)
import { apiRoute } from "@/server/http/api-route";
import { getJob } from "@/server/jobs/get-job";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ params, principal }) => {
  return { success: true, job: await getJob({ principal, id: params.id }) };
});
