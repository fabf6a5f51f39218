import { Spinner } from "@/components/ui/spinner";

// SPEC section 2: while auth state loads, only a large spinner shows.
export default function LoginLoading() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner className="size-12 text-primary" label="Loading" />
    </main>
  );
}
