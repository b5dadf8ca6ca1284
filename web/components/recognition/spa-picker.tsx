// The spa a star or flower is given at, for the Give dialogs and the review's flower reward: a flower's
// therapist's own spas first (their lineup, "Where they work") or a star's spa manager's own listings ("Their
// spa"), then every spa.
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../../trpc.ts';
import { FieldError } from '../ui/form-alert.tsx';

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
  id: string;
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
  const spas = trpc.recognition.spas.useQuery(therapistId ? { therapistId } : ownerId ? { ownerId } : undefined, {
    enabled,
    placeholderData: keepPreviousData,
  });
  const theirSpas = (spas.data ?? []).filter((spa) => spa.worksHere);
  const otherSpas = (spas.data ?? []).filter((spa) => !spa.worksHere);
  const firstOfTheirs = theirSpas[0]?.id ?? null;
  useEffect(() => {
    if (preferTheirSpa && value === null && firstOfTheirs !== null) onChange(firstOfTheirs);
  }, [preferTheirSpa, value, firstOfTheirs, onChange]);

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-12 w-full min-w-0 rounded-xl border border-sand-300 bg-white px-3 text-base text-ink-900 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700"
      >
        <option value="">Select a spa</option>
        {theirSpas.length > 0 ? (
          <>
            <optgroup label={therapistId ? 'Where they work' : 'Their spa'}>{spaOptions(theirSpas)}</optgroup>
            <optgroup label="All spas">{spaOptions(otherSpas)}</optgroup>
          </>
        ) : (
          spaOptions(otherSpas)
        )}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function spaOptions(spas: { id: number; name: string }[]) {
  return spas.map((spa) => (
    <option key={spa.id} value={spa.id}>
      {spa.name}
    </option>
  ));
}
