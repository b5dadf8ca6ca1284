// The spa a star or flower is given at, for the Give dialogs and the review's flower reward: a flower's
// therapist's own spas first (their lineup, "Where they work") or a star's spa manager's own listings ("Their
// spa"), then other spas, searched by name.
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc.ts';
import { SearchPicker, type PickerChoice } from '../ui/search-picker.tsx';

export function SpaPicker({
  id,
  label,
  therapistId,
  ownerId = null,
  value,
  onChange,
  enabled = true,
  preferTheirSpa = false,
  error,
}: {
  /** The search field's id. */
  id: string;
  /** The search field's label; the choices are named "Spas". */
  label: string;
  /** A flower's therapist, whose lineup comes first; null for a star or before a therapist is chosen. */
  therapistId: number | null;
  /** A star's spa manager, whose own listings come first. */
  ownerId?: number | null;
  value: number | null;
  onChange: (spaId: number | null) => void;
  enabled?: boolean;
  /** Selects the first of the member's own spas when nothing is chosen yet. */
  preferTheirSpa?: boolean;
  /** The choice's error, shown under it. */
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const q = search.trim() || undefined;
  const spas = trpc.recognition.spas.useQuery(therapistId ? { therapistId, q } : ownerId ? { ownerId, q } : { q }, {
    enabled,
    placeholderData: keepPreviousData,
  });
  const choices = (worksHere: boolean) =>
    (spas.data ?? [])
      .filter((spa) => spa.worksHere === worksHere)
      .map((spa): PickerChoice => ({
        key: spa.id,
        checked: value === spa.id,
        select: () => onChange(spa.id),
        content: (
          <span className="min-w-0 truncate text-sm text-ink-900" title={spa.name}>
            {spa.name}
          </span>
        ),
      }));
  const theirSpas = choices(true);
  const otherSpas = choices(false);
  const firstOfTheirs = (spas.data ?? []).find((spa) => spa.worksHere)?.id ?? null;
  useEffect(() => {
    if (preferTheirSpa && value === null && firstOfTheirs !== null) onChange(firstOfTheirs);
  }, [preferTheirSpa, value, firstOfTheirs, onChange]);

  return (
    <SearchPicker
      id={id}
      label={label}
      groupLabel="Spas"
      placeholder="Search spas by name"
      search={search}
      onSearch={setSearch}
      parts={
        theirSpas.length > 0
          ? [
              { label: therapistId ? 'Where they work' : 'Their spa', choices: theirSpas },
              { label: 'All spas', choices: otherSpas },
            ]
          : [{ choices: otherSpas }]
      }
      emptyText={spas.data?.length === 0 ? 'No spas found.' : undefined}
      error={error}
    />
  );
}
