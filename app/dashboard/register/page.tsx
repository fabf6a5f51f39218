import { RegisterScreen } from "@/components/register/register-screen";
import { requireUser } from "../access";

// Every signed-in user registers tickets (SPEC section 2).
export default async function RegisterTicketPage() {
  await requireUser();
  return <RegisterScreen />;
}
