import { redirect } from "next/navigation";

// SPEC section 2: any unknown path goes to the login screen.
export default function NotFound() {
  redirect("/login");
}
