// A checkbox on Radix with its label beside it.
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { useId, type ReactNode } from 'react';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  id?: string;
  disabled?: boolean;
}

export function Checkbox({ checked, onCheckedChange, label, id, disabled }: CheckboxProps) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className="flex items-center gap-3">
      <CheckboxPrimitive.Root
        id={boxId}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        className="flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-sand-400 bg-white transition-colors data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <CheckboxPrimitive.Indicator className="text-white">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <label htmlFor={boxId} className="text-sm text-ink-800 select-none">
        {label}
      </label>
    </div>
  );
}
