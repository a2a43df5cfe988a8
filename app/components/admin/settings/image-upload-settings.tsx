import { useId } from "react";
import { FormMessage, inputClasses } from "../../ui/form-field";
import { SettingsForm } from "./settings-form";

/**
 * An image of the store's (the logo, the home page's banner): what is shown now, a form to send
 * another (checked by its content and re-encoded on the server), and one to remove it.
 */
export function ImageUploadSettings({
  field,
  label,
  currentUrl,
  currentAlt,
  noneText,
  removeLabel,
}: {
  field: "logo" | "banner";
  label: string;
  currentUrl: string | null;
  currentAlt: string;
  noneText: string;
  removeLabel: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-h-24 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">
        {currentUrl ? (
          <img src={currentUrl} alt={currentAlt} className="max-h-40 max-w-full object-contain" />
        ) : (
          noneText
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SettingsForm intent={field} upload submitLabel={`Enviar ${label.toLowerCase()}`}>
          {({ errors }) => (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={id} className="text-sm font-medium text-slate-700">
                {label} (JPEG, PNG, WebP ou GIF, até 5 MB)
              </label>
              <input
                id={id}
                type="file"
                name={field}
                accept="image/jpeg,image/png,image/webp,image/gif"
                required
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-erro` : undefined}
                className={`${inputClasses} py-1.5`}
              />
              <FormMessage id={`${id}-erro`} message={errors[field]} />
            </div>
          )}
        </SettingsForm>
        {currentUrl && (
          <SettingsForm intent={`${field}-remove`} submitLabel={removeLabel} submitVariant="outline" />
        )}
      </div>
    </div>
  );
}
