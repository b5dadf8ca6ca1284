// Choosing one of many by name: a search field over a short list of radio buttons, optionally in labelled parts.
// The member picker and the spa picker share it. The server sends at most PICKER_CHOICES_MAX choices a part, so a
// site with thousands of members or spas sends a page, not all of them; a full part says that a search finds the
// rest.
import { Fragment, type ReactNode } from 'react';
import { PICKER_CHOICES_MAX, PICKER_SEARCH_MAX_CHARACTERS } from '../../../common/limits.ts';
import { FieldError } from './form-alert.tsx';
import { inputClasses } from './input.tsx';

export interface PickerChoice {
  key: string | number;
  checked: boolean;
  select: () => void;
  content: ReactNode;
}

export interface PickerPart {
  /** The part's heading ("Where they work"); a list of one part has none. */
  label?: string;
  choices: PickerChoice[];
}

export function SearchPicker({
  id,
  label,
  groupLabel,
  placeholder,
  search,
  onSearch,
  parts,
  emptyText,
  error,
}: {
  /** The search field's id; the error's is `${id}-error`. */
  id: string;
  /** The search field's label. */
  label: string;
  /** The radio group's accessible name (not the search field's). */
  groupLabel: string;
  placeholder: string;
  search: string;
  onSearch: (search: string) => void;
  parts: PickerPart[];
  /** Shown in the list when the search found nothing (once the server has said so). */
  emptyText?: string;
  /** The choice's error, shown under the list. */
  error?: string;
}) {
  const shown = parts.filter((part) => part.choices.length > 0);
  const full = parts.some((part) => part.choices.length >= PICKER_CHOICES_MAX);
  const choice = ({ key, checked, select, content }: PickerChoice) => (
    <label
      key={key}
      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600"
    >
      <input
        type="radio"
        name={`${id}-choice`}
        checked={checked}
        onChange={select}
        className="size-4 accent-brand-700"
      />
      {content}
    </label>
  );

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        maxLength={PICKER_SEARCH_MAX_CHARACTERS}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className={inputClasses}
      />
      <div
        role="radiogroup"
        aria-label={groupLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="grid max-h-48 gap-1 overflow-y-auto rounded-xl border border-sand-200 p-1 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700"
      >
        {shown.map((part, index) =>
          part.label ? (
            <div key={part.label} role="group" aria-labelledby={`${id}-part-${index}`} className="grid gap-1">
              <p id={`${id}-part-${index}`} className="px-2 pt-1 text-xs font-semibold text-ink-600">
                {part.label}
              </p>
              {part.choices.map(choice)}
            </div>
          ) : (
            <Fragment key={index}>{part.choices.map(choice)}</Fragment>
          ),
        )}
        {emptyText ? <p className="px-2 py-3 text-sm text-ink-600">{emptyText}</p> : null}
        {full ? (
          <p className="px-2 py-2 text-xs text-ink-600">
            Only the first {PICKER_CHOICES_MAX} are listed. Search by name to find others.
          </p>
        ) : null}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
