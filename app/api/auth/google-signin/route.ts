// POST /api/auth/google-signin - exchange a Google ID token for a bearer token (anyone; allow-listed emails only)
import { googleSignInSchema } from "@/lib/schemas/user";
import { signInWithGoogleIdToken } from "@/server/auth/google-sign-in";
import { apiRoute } from "@/server/http/api-route";
import { clientAddress } from "@/server/http/rate-limit";
import type { GoogleSignedIn } from "@/lib/schemas/user";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { access: "public", body: googleSignInSchema },
  async ({ req, body }) =>
    (await signInWithGoogleIdToken({
      idToken: body.idToken,
      claimedEmail: body.email,
      clientAddress: clientAddress(req),
    })) satisfies GoogleSignedIn,
);
