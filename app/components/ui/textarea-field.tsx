import { clsx } from "clsx";
import { useId, type TextareaHTMLAttributes } from "react";
import { FormMessage } from "./form-field";

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** A note under the label (what the text is for, its format). */
  hint?: string;
}

/** A labelled text area whose hint and error are announced and linked with aria-describedby. */
export function TextAreaField({ label, error, hint, className, id, ...textarea }: TextAreaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const hintId = `${textareaId}-dica`;
  const errorId = `${textareaId}-erro`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ");
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={textareaId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <textarea
        id={textareaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-500"
        {...textarea}
      />
      <FormMessage id={errorId} message={error} />
    </div>
  );
}
