// GET /api/public/winners.csv - the public winners list as CSV, masked names, once published (no sign-in)
import { apiRoute } from "@/server/http/api-route";
import { csvDownload, publicWinnersCsv, publicWinnersList } from "@/server/draw/winners-list";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "public", skipApiKey: true }, async () =>
  csvDownload(publicWinnersCsv((await publicWinnersList()).winners), "winners.csv"),
);
