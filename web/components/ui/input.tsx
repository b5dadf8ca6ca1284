// A labelled text input: the label is always rendered and tied to the field (accessibility). An optional hint
// sits under it. A field in error is marked invalid and described by the error: its own, shown under it
// (`error`), or one the form shows elsewhere (`errorId`, the sign-in form's message above its button).
import { useId, type ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './form-alert.tsx';

export const inputClasses =
  'block h-12 w-full rounded-xl border border-sand-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-500 ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  /** A line under the field, read with it (for example the rule a password must follow). */
  hint?: string;
  /** This field's error, shown under it. */
  error?: string;
  /** The id of an error shown elsewhere that concerns this field: the field is then marked invalid. */
  errorId?: string | null;
}

export function TextField({ label, hint, error, errorId, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const ownErrorId = `${inputId}-error`;
  const invalidBy = error ? ownErrorId : errorId;
  const describedBy = [invalidBy, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={invalidBy ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, className)}
        {...props}
      />
      <FieldError id={ownErrorId}>{error}</FieldError>
      {hint ? (
        <p id={hintId} className="text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
