import { CloseoutScreen } from "@/components/closeout/closeout-screen";
import { requireAdmin } from "../access";

// The Close-out page (administrators): the checklist, Close, the archive, the purge, Reopen.
export default async function CloseoutPage() {
  await requireAdmin();
  return <CloseoutScreen />;
}
