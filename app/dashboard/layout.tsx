import { Suspense } from "react";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { Spinner } from "@/components/ui/spinner";
import { readAppearance } from "@/server/settings/appearance";
import { requireUser } from "./access";
import { signOutAction } from "./actions";

export const dynamic = "force-dynamic";

/** SPEC section 2: a spinner shows while auth state loads. It is streamed first, then replaced. */
function AuthLoading() {
  return (
    <main data-testid="auth-loading" className="flex min-h-screen items-center justify-center">
      <Spinner className="size-12 text-primary" label="Checking your sign-in" />
    </main>
  );
}

async function SignedInShell({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  // The header and sidebar carry the Site Name setting, as the browser tab does (issue 38 item 5).
  const { title } = await readAppearance();
  return (
    <DashboardShell
      siteName={title}
      user={{ email: user.email, displayName: user.displayName, photoUrl: user.photoUrl, isAdmin: user.isAdmin }}
      signOut={signOutAction}
    >
      {children}
    </DashboardShell>
  );
}

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return (
    <Suspense fallback={<AuthLoading />}>
      <SignedInShell>{children}</SignedInShell>
    </Suspense>
  );
}
