// GET|POST|PUT|PATCH|DELETE /api/* - any path no route serves: 404 in the API's JSON error shape (anyone)
import { apiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/http/errors";

export const dynamic = "force-dynamic";

// No API key or sign-in is asked first: "there is no such route" tells a stranger nothing, and
// a client with a typo in its path should learn that, not that its key is wrong.
const notFound = apiRoute({ access: "public", skipApiKey: true }, async ({ req }) => {
  throw new AppError("not_found", `No API route ${req.method} ${req.nextUrl.pathname}`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
