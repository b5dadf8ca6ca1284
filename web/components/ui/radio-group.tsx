// A radio group on Radix, drawn as a row of selectable chips; the legend names the group.
import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { useId } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
}

export interface RadioGroupProps<T extends string> {
  legend: string;
  value: T;
  onValueChange: (value: T) => void;
  options: readonly RadioOption<T>[];
  name?: string;
}

export function RadioGroup<T extends string>({ legend, value, onValueChange, options, name }: RadioGroupProps<T>) {
  const base = useId();
  const legendId = `${base}-legend`;
  return (
    <div className="grid grid-cols-1 gap-2">
      <span id={legendId} className="text-sm font-medium text-ink-700">
        {legend}
      </span>
      <RadioGroupPrimitive.Root
        aria-labelledby={legendId}
        name={name}
        value={value}
        onValueChange={(next) => onValueChange(next as T)}
        className="grid grid-cols-3 gap-2"
      >
        {options.map((option) => {
          const id = `${base}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-sand-300 bg-white px-2 py-3 text-center text-sm font-medium text-ink-800 transition-colors has-[[data-state=checked]]:border-brand-700 has-[[data-state=checked]]:bg-brand-50 has-[[data-state=checked]]:text-brand-900"
            >
              <RadioGroupPrimitive.Item
                id={id}
                value={option.value}
                className="flex size-5 items-center justify-center rounded-full border-2 border-sand-400 bg-white data-[state=checked]:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-brand-700" />
              </RadioGroupPrimitive.Item>
              <span className="leading-tight">{option.label}</span>
            </label>
          );
        })}
      </RadioGroupPrimitive.Root>
    </div>
  );
}
