// A labelled text input: the label is always rendered and tied to the field (accessibility).
import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClasses =
  'block h-12 w-full rounded-xl border border-sand-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-500 ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
}

export function TextField({ label, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      <input id={inputId} className={cn(inputClasses, className)} {...props} />
    </div>
  );
}
