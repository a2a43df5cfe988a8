import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useActionData, useFetcher } from "react-router";
import { toast } from "../../toasts";
import { SETTINGS_FORMS, settingsFieldErrors } from "../../../domain/store-settings/settings-forms";
import { Button, type ButtonVariant } from "../../ui/button";
import {
  SETTINGS_FAILURE_TOAST,
  SETTINGS_TOASTS,
  type SettingsActionData,
  type SettingsIntent,
} from "./settings-action-data";
import { useUnsavedEdits } from "./unsaved-edits";

/** One section of the settings page: a heading that names its region, and its forms. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        {description && <div className="text-sm text-slate-600">{description}</div>}
      </div>
      {children}
    </section>
  );
}

/** What a form's fields show: the refusals at their fields, and the value each starts with. */
export interface SettingsFormFields {
  errors: Record<string, string | undefined>;
  /** The text posted with a refusal (a form posted before scripts), else the saved one. */
  value: (name: string, saved: string) => string;
}

/**
 * A form of the settings page, posted with its `intent`: a plain form before scripts arrive,
 * then sent in the background with a toast for its answer. A section's fields are checked by its
 * schema in the browser first, for instant messages; the server checks again and has the last
 * word, its messages shown at the same fields.
 */
export function SettingsForm({
  intent,
  submitLabel,
  submitVariant = "default",
  upload = false,
  className,
  children,
}: {
  intent: SettingsIntent;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** The form sends a file. */
  upload?: boolean;
  className?: string;
  children?: (fields: SettingsFormFields) => ReactNode;
}) {
  const fetcher = useFetcher<SettingsActionData>({ key: `settings-${intent}` });
  const posted = useActionData<SettingsActionData>();
  const answer = fetcher.data ?? (posted?.intent === intent ? posted : undefined);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const edits = useUnsavedEdits();

  // The answer toasts whether it came to the fetcher or, for a form posted before the scripts
  // ran (a tap on a slow phone), with the page it reloaded: then once the scripts arrive.
  useEffect(() => {
    const data = answer;
    if (!data) return;
    if (data.ok) {
      toast.success(SETTINGS_TOASTS[intent]);
      edits?.saved(intent);
      // The stored picture shows in the page now; the file chosen is done with.
      if (upload) formRef.current?.reset();
    } else toast.error(SETTINGS_FAILURE_TOAST);
    // Only a new answer should toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  function checkFirst(event: FormEvent<HTMLFormElement>) {
    if (!(intent in SETTINGS_FORMS)) return;
    const form = SETTINGS_FORMS[intent as keyof typeof SETTINGS_FORMS];
    const input = form.schema.safeParse(form.values(new FormData(event.currentTarget)));
    if (input.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(settingsFieldErrors(input.error));
  }

  const fields: SettingsFormFields = {
    errors: clientErrors ?? answer?.errors ?? {},
    value: (name, saved) => answer?.values?.[name] ?? saved,
  };
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType={upload ? "multipart/form-data" : undefined}
      noValidate
      onSubmit={checkFirst}
      onChange={() => edits?.edited(intent)}
      className={className}
    >
      <input type="hidden" name="intent" value={intent} />
      {children?.(fields)}
      <div className="col-span-full mt-2">
        <Button type="submit" variant={submitVariant} disabled={busy}>
          {busy ? "Salvando..." : submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
