"use client";

// The seller picker of the remittance and allocation forms: every enabled user (a seller is any
// staff member), by name, plus the pre-filled seller even if disabled (a disabled seller may remit).
import type { ControllerRenderProps, FieldValues } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useUsers } from "@/lib/queries/users";

export function SellerSelect<T extends FieldValues>({
  field,
  disabled,
  keepId,
}: {
  field: ControllerRenderProps<T>;
  disabled?: boolean;
  keepId?: string;
}) {
  const users = useUsers();
  const options = (users.data ?? [])
    .filter((u) => !u.is_disabled || u.id === keepId)
    .map((u) => ({ id: u.id, label: u.display_name?.trim() ? `${u.display_name} (${u.email})` : u.email }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Select value={field.value ?? ""} onValueChange={field.onChange} disabled={disabled}>
      <FormControl>
        <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
          <SelectValue placeholder={users.isPending ? "Loading sellers…" : "Choose a seller"} />
        </SelectTrigger>
      </FormControl>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.id} value={o.id}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
