// A labelled drop-down list: a native <select>, which phones open as their own picker. The label is tied to it; its
// error, shown under it, marks it invalid and describes it. `selectClasses` is its look, for a list laid out apart
// (the review's sub-ratings, labelled in a grid).
import { useId, type ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './form-alert.tsx';

export const selectClasses =
  'h-12 rounded-xl border border-sand-300 bg-white px-3 text-base text-ink-900 aria-[invalid=true]:border-red-600';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** The text of the empty choice, offered first (nothing chosen yet). */
  placeholder?: string;
  /** This list's error, shown under it. */
  error?: string;
}

export function Select({ label, options, placeholder, error, id, className, ...props }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      <select
        {...props}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(selectClasses, className)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
