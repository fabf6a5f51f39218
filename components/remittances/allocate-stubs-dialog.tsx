"use client";

// Hand out stubs (administrators; docs/decisions/090): a seller and an inclusive range of ticket
// numbers. A stub someone else holds refuses the whole range with the holder's name.
import { zodResolver } from "@hookform/resolvers/zod";
import { PackagePlus } from "lucide-react";
import { useForm } from "react-hook-form";
import { Field, TextField } from "@/components/forms/field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { SellerSelect } from "@/components/remittances/seller-select";
import { errorMessage } from "@/lib/api-client";
import { formatCountOf } from "@/lib/format";
import { useAllocateStubs } from "@/lib/queries/remittances";
import { allocateStubsFormSchema, sellerIdField } from "@/lib/schemas/remittance";
import { z } from "zod";
import { useReturnFocus } from "@/lib/use-return-focus";

const schema = allocateStubsFormSchema.and(
  z.object({ sellerId: z.string().min(1, "Choose a seller").pipe(sellerIdField) }),
);
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

export function AllocateStubsDialog({
  open,
  onOpenChange,
  sellerId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sellerId?: string;
}) {
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="allocate-stubs-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Hand out stubs</DialogTitle>
          <DialogDescription>
            Give a seller a range of numbered stubs. A stub is held by one seller at a time.
          </DialogDescription>
        </DialogHeader>
        {open && <AllocateForm sellerId={sellerId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AllocateForm({ sellerId, onDone }: { sellerId?: string; onDone: () => void }) {
  const mutation = useAllocateStubs();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { sellerId: sellerId ?? "", from: "", to: "" },
    mode: "onTouched",
  });
  function submit(values: Output) {
    mutation.mutate(values, {
      onSuccess: (answer) => {
        toast.success(
          `${formatCountOf(answer.allocation.allocated, "stub")} ` +
            `(${answer.allocation.from}–${answer.allocation.to}) handed out`,
        );
        onDone();
      },
      onError: (error) => form.setError("from", { message: errorMessage(error, "Failed to hand out the stubs") }),
    });
  }
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Hand out stubs">
        <Field<Values, "sellerId">
          name="sellerId"
          label="Seller"
          placesControl
          render={(field) => <SellerSelect field={field} disabled={mutation.isPending} />}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<Values, "from">
            name="from"
            label="From number"
            inputMode="numeric"
            placeholder="00100"
            autoComplete="off"
            disabled={mutation.isPending}
          />
          <TextField<Values, "to">
            name="to"
            label="To number"
            inputMode="numeric"
            placeholder="00199"
            autoComplete="off"
            disabled={mutation.isPending}
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Handing out" /> : <PackagePlus />}
            {mutation.isPending ? "Handing out..." : "Hand Out Stubs"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
