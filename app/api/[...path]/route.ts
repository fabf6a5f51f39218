// GET|POST|PUT|PATCH|DELETE /api/* - any path no route serves: 404 in the API's JSON error shape (anyone)
import { apiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/http/errors";

export const dynamic = "force-dynamic";

// Public: "there is no such route" tells a stranger nothing. The API key is still checked, as on
// every route, so a keyless probe learns nothing of which paths exist.
const notFound = apiRoute({ access: "public" }, async ({ req }) => {
  throw new AppError("not_found", `No API route ${req.method} ${req.nextUrl.pathname}`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
