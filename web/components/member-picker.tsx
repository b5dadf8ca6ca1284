// Choosing one member of a role by name, each with their picture. The Give Star and Give Flower dialogs pick their
// recipient with it, and the admin's spa dialog the spa management member a listing belongs to (with a "not
// linked" choice).
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../trpc.ts';
import { Avatar } from './avatar.tsx';
import { SearchPicker, type PickerChoice } from './ui/search-picker.tsx';

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
  const members = trpc.recognition.recipients.useQuery(
    { role, q: search.trim() || undefined },
    { enabled, placeholderData: keepPreviousData },
  );
  const none: PickerChoice[] = noneLabel
    ? [
        {
          key: 'none',
          checked: value === null,
          select: () => onChange(null),
          content: <span className="text-sm text-ink-900">{noneLabel}</span>,
        },
      ]
    : [];
  const found = (members.data ?? []).map((member): PickerChoice => ({
    key: member.id,
    checked: value === member.id,
    select: () => onChange(member.id),
    content: (
      <>
        <Avatar name={member.name} picture={member.profilePic} role={role} size={28} />
        <span className="min-w-0 truncate text-sm text-ink-900" title={member.name}>
          {member.name}
        </span>
      </>
    ),
  }));

  return (
    <SearchPicker
      id={id}
      label={label}
      groupLabel={groupLabel}
      placeholder="Search by name"
      search={search}
      onSearch={setSearch}
      parts={[{ choices: none }, { choices: found }]}
      emptyText={members.data?.length === 0 ? 'No members found.' : undefined}
      error={error}
    />
  );
}
