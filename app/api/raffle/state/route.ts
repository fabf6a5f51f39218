// GET /api/raffle/state - the raffle's state, Close sales' open checklist items and the public URL (any signed-in user)
import { apiRoute } from "@/server/http/api-route";
import { getRaffleState } from "@/server/draw/raffle-state";
import { appOrigin } from "@/server/http/request-guards";
import { publicUrl } from "@/server/secrets/installation-secrets";

export const dynamic = "force-dynamic";

// publicUrl: the address printed in QR codes and public links, with the warning when a phone could not open it.
export const GET = apiRoute({ access: "user" }, async ({ req }) => ({ success: true, state: await getRaffleState(), publicUrl: publicUrl(appOrigin(req)) }));
