import type { Principal } from "@/server/auth/principal";
import type { createSignedInUser } from "@/tests/helpers/factories";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** The principal a route would hand a service after resolving the caller's bearer token. */
export const principalOf = ({ user, sessionId }: SignedIn): Principal => ({
  user: {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    photoUrl: user.photoUrl,
    isAdmin: user.isAdmin,
  },
  via: "bearer",
  sessionId,
});
