"use client";

// Take back unsold stubs (administrators; docs/decisions/090): numbers and ranges as typed
// ("9, 10, 12-15"), all or nothing.
import { zodResolver } from "@hookform/resolvers/zod";
import { Undo2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { TextField } from "@/components/forms/field";
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
import { errorMessage } from "@/lib/api-client";
import { useReturnStubs } from "@/lib/queries/remittances";
import { MAX_RETURN_SIZE } from "@/lib/schemas/remittance";
import { useReturnFocus } from "@/lib/use-return-focus";

const NUMBERS_MESSAGE =
  `List stub numbers or ranges, like 9, 10, 12-15 (at ` + `most ${MAX_RETURN_SIZE.toLocaleString("en-US")})`;

/** "9, 10, 12-15" → ["00009", "00010", "00012", …]; null when it cannot be read. */
export function parseStubList(text: string): string[] | null {
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(\d{1,5})(?:[-–](\d{1,5}))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to < from || out.length + (to - from + 1) > MAX_RETURN_SIZE) return null;
    for (let n = from; n <= to; n++) out.push(String(n).padStart(5, "0"));
  }
  return out.length ? out : null;
}

const schema = z.object({
  numbers: z.string().transform((value, ctx) => {
    const list = parseStubList(value);
    if (!list) {
      ctx.addIssue({ code: "custom", message: NUMBERS_MESSAGE });
      return z.NEVER;
    }
    return list;
  }),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

export function ReturnStubsDialog({
  seller,
  onOpenChange,
}: {
  seller: { sellerId: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(!!seller);
  return (
    <Dialog open={!!seller} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="return-stubs-dialog" onCloseAutoFocus={returnFocus}>
        {seller && (
          <>
            <DialogHeader>
              <DialogTitle>Take back stubs from {seller.name}</DialogTitle>
              <DialogDescription>Unsold stubs the seller gives back. A sold stub cannot be returned.</DialogDescription>
            </DialogHeader>
            <ReturnForm sellerId={seller.sellerId} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReturnForm({ sellerId, onDone }: { sellerId: string; onDone: () => void }) {
  const mutation = useReturnStubs();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { numbers: "" },
    mode: "onTouched",
  });
  function submit(values: Output) {
    mutation.mutate(
      { sellerId, ticketIds: values.numbers },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (error) => form.setError("numbers", { message: errorMessage(error, "Failed to take back the stubs") }),
      },
    );
  }
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Take back stubs">
        <TextField<Values, "numbers">
          name="numbers"
          label="Stub numbers"
          placeholder="9, 10, 12-15"
          autoComplete="off"
          disabled={mutation.isPending}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Returning" /> : <Undo2 />}
            {mutation.isPending ? "Returning..." : "Take Back"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
