// POST /api/auth/google-signin - exchange a Google ID token for a bearer token (anyone; allow-listed emails only)
import { googleSignInSchema } from "@/lib/schemas/user";
import { signInWithGoogleIdToken } from "@/server/auth/google-sign-in";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "public", body: googleSignInSchema }, async ({ body }) =>
  signInWithGoogleIdToken({ idToken: body.idToken }),
);
