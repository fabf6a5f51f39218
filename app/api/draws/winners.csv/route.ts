// GET /api/draws/winners.csv - the permit office's winners list as CSV, full name and address (admin)
import { apiRoute } from "@/server/http/api-route";
import { csvDownload, permitWinnersCsv, permitWinnersList } from "@/server/draw/winners-list";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) =>
  csvDownload(permitWinnersCsv((await permitWinnersList({ principal })).winners), "winners-permit-office.csv"),
);
