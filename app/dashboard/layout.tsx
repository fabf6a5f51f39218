import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { requireUser } from "./access";
import { signOutAction } from "./actions";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return (
    <DashboardShell
      user={{ email: user.email, displayName: user.displayName, photoUrl: user.photoUrl, isAdmin: user.isAdmin }}
      signOut={signOutAction}
    >
      {children}
    </DashboardShell>
  );
}
