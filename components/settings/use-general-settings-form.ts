"use client";

// The General tab's form, owned by the Settings screen so that its Save Changes button (in the
// screen's header, SPEC section 2) and the leave-page warning know whether anything changed.
import { useEffect, useMemo } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { generalSettingsDiffer } from "@/components/settings/general-settings-changes";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { toast } from "@/components/ui/sonner";
import { ApiError } from "@/lib/api-client";
import type { Settings } from "@/lib/api/settings";
import { useSettings, useUpdateSettings } from "@/lib/queries/settings";
import type { GeneralSettingsInput, GeneralSettingsValues } from "@/lib/schemas/settings";

export const SETTINGS_TOASTS = {
  saved: "Settings saved successfully!",
  saveFailed: "Failed to save settings. Please try again.",
  loadFailed: "Failed to load settings from database",
} as const;

function toFormValues(settings: Settings | undefined): GeneralSettingsInput | undefined {
  if (!settings) return undefined;
  return {
    site_name: settings.site_name,
    site_description: settings.site_description,
    ticket_price: String(settings.ticket_price),
    max_ticket_limit: String(settings.max_ticket_limit),
    permit_number: settings.permit_number,
    draw_at: settings.draw_at,
    venue: settings.venue,
  };
}

// The schema (zod, the draw date's timezone reading) loads on the form's first validation (decision 177);
// whether anything changed is asked on every render without it (decision 182).
const resolver = lazyZodResolver<GeneralSettingsInput, GeneralSettingsValues>(() =>
  import("@/lib/schemas/settings").then((m) => m.generalSettingsSchema),
);

export function useGeneralSettingsForm() {
  const query = useSettings();
  // The Settings screen is administrators' only: the full settings.
  const saved = query.data as Settings | undefined;
  const mutation = useUpdateSettings();
  const router = useRouter();
  const values = useMemo(() => toFormValues(saved), [saved]);

  const form = useForm<GeneralSettingsInput, unknown, GeneralSettingsValues>({
    resolver,
    defaultValues: {
      site_name: "",
      site_description: "",
      ticket_price: "",
      max_ticket_limit: "",
      permit_number: "",
      draw_at: "",
      venue: "",
    },
    // Follows the saved settings (first load, after a save) but keeps what the person is editing.
    values,
    resetOptions: { keepDirtyValues: true },
    mode: "onTouched",
  });
  const current = useWatch({ control: form.control }) as GeneralSettingsInput;
  // react-hook-form takes new `values` in an effect, so for the one render in which the saved
  // settings have arrived but the fields still hold the empty defaults, the fields "differ": that
  // flash armed the leave guard (a history entry, the leave dialog's code) on every load. Changes
  // count only once the form starts from what is saved.
  const formStartsFromSaved = !generalSettingsDiffer(form.formState.defaultValues as GeneralSettingsInput, saved);
  const hasChanges = formStartsFromSaved && generalSettingsDiffer(current, saved);

  useEffect(() => {
    if (query.isError) toast.error(SETTINGS_TOASTS.loadFailed);
  }, [query.isError]);

  const save = form.handleSubmit(async (valid) => {
    try {
      await mutation.mutateAsync(valid);
      form.reset(toFormValues({ ...saved!, ...valid }));
      toast.success(SETTINGS_TOASTS.saved);
      // The header's Site Name is rendered on the server: fetch it again.
      router.refresh();
    } catch (error) {
      toast.error(
        SETTINGS_TOASTS.saveFailed,
        error instanceof ApiError && error.status === 400 ? { description: error.message } : undefined,
      );
    }
  });

  return { form, query, saved, hasChanges, isSaving: mutation.isPending, save };
}

export type GeneralSettingsController = ReturnType<typeof useGeneralSettingsForm>;
