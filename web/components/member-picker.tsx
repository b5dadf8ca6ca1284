// Choosing one member of a role by name: a search field over a short list of radio buttons with each member's
// picture. The Give Star and Give Flower dialogs pick their recipient with it, and the admin's spa dialog the
// spa management member a listing belongs to (with a "not linked" choice).
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { trpc } from '../trpc.ts';
import { Avatar } from './avatar.tsx';
import { FieldError } from './ui/form-alert.tsx';
import { inputClasses } from './ui/input.tsx';

export function MemberPicker({
  id,
  label,
  groupLabel,
  role,
  value,
  onChange,
  enabled = true,
  noneLabel,
  initialSearch = '',
  error,
}: {
  id: string;
  label: string;
  /** The radio group's accessible name (not the search field's). */
  groupLabel: string;
  role: 'spa_management' | 'therapist';
  value: number | null;
  onChange: (memberId: number | null) => void;
  enabled?: boolean;
  /** A first choice that picks nobody (null). */
  noneLabel?: string;
  /** What the search starts with: the chosen member's name, so that they are in the list. */
  initialSearch?: string;
  /** The choice's error, shown under the list. */
  error?: string;
}) {
  const [search, setSearch] = useState(initialSearch);
  const members = trpc.recognition.recipients.useQuery({ role, q: search.trim() || undefined }, { enabled, placeholderData: keepPreviousData });
  const choice = (key: string | number, checked: boolean, select: () => void, content: ReactNode) => (
    <label
      key={key}
      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600"
    >
      <input type="radio" name={`${id}-choice`} checked={checked} onChange={select} className="size-4 accent-brand-700" />
      {content}
    </label>
  );

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      <input id={id} type="search" placeholder="Search by name" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClasses} />
      <div
        role="radiogroup"
        aria-label={groupLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="grid max-h-48 gap-1 overflow-y-auto rounded-xl border border-sand-200 p-1">
        {noneLabel ? choice('none', value === null, () => onChange(null), <span className="text-sm text-ink-900">{noneLabel}</span>) : null}
        {(members.data ?? []).map((member) =>
          choice(
            member.id,
            value === member.id,
            () => onChange(member.id),
            <>
              <Avatar name={member.name} picture={member.profilePic} role={role} size={28} />
              <span className="min-w-0 truncate text-sm text-ink-900" title={member.name}>
                {member.name}
              </span>
            </>,
          ),
        )}
        {members.data?.length === 0 ? <p className="px-2 py-3 text-sm text-ink-600">No members found.</p> : null}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
