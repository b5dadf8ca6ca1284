// A checkbox on Radix with its label beside it; box and label together make a tap target at least 44 px high.
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { useId, type ReactNode, type Ref } from 'react';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  id?: string;
  disabled?: boolean;
  /** The id of the error message that concerns this box: it is then marked invalid. */
  errorId?: string | null;
  ref?: Ref<HTMLButtonElement>;
}

export function Checkbox({ checked, onCheckedChange, label, id, disabled, errorId, ref }: CheckboxProps) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className="flex min-h-11 items-center gap-3">
      <CheckboxPrimitive.Root
        ref={ref}
        id={boxId}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ?? undefined}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        className="flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-sand-400 bg-white transition-colors aria-invalid:border-red-700 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <CheckboxPrimitive.Indicator className="text-white">
          <svg
            viewBox="0 0 24 24"
            width="16"
            height="16"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <label
        htmlFor={boxId}
        className="flex min-h-11 flex-1 cursor-pointer items-center text-sm text-ink-800 select-none"
      >
        {label}
      </label>
    </div>
  );
}
