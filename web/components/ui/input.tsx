// Labelled text inputs and text areas: the label is always rendered and tied to the control (accessibility).
// An optional hint sits under it. A control in error is marked invalid and described by the error: its own,
// shown under it (`error`), or one the form shows elsewhere (`errorId`, the sign-in form's message above its
// button).
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './form-alert.tsx';

export const inputClasses =
  'block h-12 w-full rounded-xl border border-sand-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-500 ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

interface LabelledProps {
  label: string;
  /** A line under the control, read with it (for example the rule a password must follow). */
  hint?: string;
  /** This control's error, shown under it. */
  error?: string;
  /** The id of an error shown elsewhere that concerns this control: it is then marked invalid. */
  errorId?: string | null;
}

export type TextFieldProps = LabelledProps & ComponentPropsWithRef<'input'>;
export type TextAreaProps = LabelledProps & ComponentPropsWithRef<'textarea'>;

/** The control's id and the attributes that tie it to its label, hint and error. */
function useLabelled(id: string | undefined, { hint, error, errorId }: LabelledProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const invalidBy = error ? `${controlId}-error` : errorId;
  const describedBy = [invalidBy, hint ? `${controlId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return { id: controlId, 'aria-invalid': invalidBy ? true : undefined, 'aria-describedby': describedBy };
}

function Labelled({
  controlId,
  label,
  hint,
  error,
  children,
}: LabelledProps & { controlId: string; children: ReactNode }) {
  // Rows keep their height when a neighbour in a grid (latitude beside longitude) grows with an error.
  return (
    <div className="grid grid-cols-1 content-start gap-1.5">
      <label htmlFor={controlId} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      {children}
      <FieldError id={`${controlId}-error`}>{error}</FieldError>
      {hint ? (
        <p id={`${controlId}-hint`} className="text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, hint, error, errorId, id, className, ...props }: TextFieldProps) {
  const control = useLabelled(id, { label, hint, error, errorId });
  return (
    <Labelled controlId={control.id} label={label} hint={hint} error={error}>
      <input {...control} className={cn(inputClasses, className)} {...props} />
    </Labelled>
  );
}

export function TextArea({ label, hint, error, errorId, id, className, ...props }: TextAreaProps) {
  const control = useLabelled(id, { label, hint, error, errorId });
  return (
    <Labelled controlId={control.id} label={label} hint={hint} error={error}>
      <textarea {...control} className={cn(inputClasses, 'h-auto py-3', className)} {...props} />
    </Labelled>
  );
}
