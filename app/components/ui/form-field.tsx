import { clsx } from "clsx";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

export const inputClasses =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-500";

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** Something beside the input (e.g. a show-password button). */
  trailing?: ReactNode;
}

/** A labelled input whose error is announced and linked with aria-describedby. */
export function FormField({ label, error, trailing, className, id, ...input }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-erro`;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(inputClasses, trailing ? "pr-11" : undefined)}
          {...input}
        />
        {trailing}
      </div>
      <FormMessage id={errorId} message={error} />
    </div>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
}

/** A labelled select (its options as children) whose error is announced and linked, as `FormField`'s. */
export function SelectField({ label, error, className, id, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-erro`;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses}
        {...select}
      >
        {children}
      </select>
      <FormMessage id={errorId} message={error} />
    </div>
  );
}

/** A form's or a field's error, announced to screen readers; nothing when there is none. */
export function FormMessage({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {message}
    </p>
  );
}
