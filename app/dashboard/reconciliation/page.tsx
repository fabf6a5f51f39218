import { ReconciliationScreen } from "@/components/reconciliation/reconciliation-screen";
import { requireAdmin } from "../access";

// Reconciliation (administrators; issue 21): statements matched to payments, five reports.
export default async function ReconciliationPage() {
  await requireAdmin();
  return <ReconciliationScreen />;
}
