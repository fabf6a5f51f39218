// POST /api/raffle/close-sales - selling → sales closed, each open checklist item overridden with a reason (admin)
import { type CloseSalesAnswer, closeSalesSchema } from "@/lib/schemas/draw";
import { apiRoute } from "@/server/http/api-route";
import { closeSales } from "@/server/draw/raffle-state";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "admin", body: closeSalesSchema }, async ({ body, principal }) => {
  const state = await closeSales({ payload: body, principal });
  return { success: true, message: "Sales closed", state } satisfies CloseSalesAnswer;
});
