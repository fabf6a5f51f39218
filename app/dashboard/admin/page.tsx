import { UserSalesScreen } from "@/components/user-sales/user-sales-screen";
import { requireAdmin } from "../access";

export default async function UserSalesPage() {
  await requireAdmin();
  return <UserSalesScreen />;
}
