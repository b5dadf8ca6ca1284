// Which items a moderation list shows (open or handled reports, licences waiting, approved or rejected): one pressed
// button per state.
import { Button } from '../ui/button.tsx';

export function StateFilter<State extends string>({
  label,
  states,
  value,
  onChange,
  labelOf,
}: {
  label: string;
  states: readonly State[];
  value: State;
  onChange: (state: State) => void;
  labelOf: (state: State) => string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {states.map((each) => (
        <Button
          key={each}
          size="sm"
          variant={value === each ? 'primary' : 'outline'}
          aria-pressed={value === each}
          onClick={() => onChange(each)}
        >
          {labelOf(each)}
        </Button>
      ))}
    </div>
  );
}
