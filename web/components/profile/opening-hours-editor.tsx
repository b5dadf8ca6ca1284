// Weekly opening hours for spa management (the map's "open now" reads them): per day, closed or up to 4 ranges
// in Asia/Manila time; a range that closes earlier than it opens runs overnight, and closing at 00:00 means
// midnight (stored as 24:00). The rules are common/opening-hours.ts's, checked again by the server.
import {
  WEEK_DAY_NAMES,
  WEEK_DAYS,
  type TimeRange,
  type WeekDay,
  type WeeklyHours,
} from '../../../common/opening-hours.ts';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { FieldError } from '../ui/form-alert.tsx';
import { CloseIcon } from '../icons.tsx';

const MAX_RANGES = 4;
export const CLOSED_WEEK: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const DEFAULT_RANGE: TimeRange = ['10:00', '21:00'];

// On a phone the picker icon would crop "10:00 AM"; tapping the field opens the picker there anyway.
const TIME_INPUT_CLASSES =
  'h-11 min-w-0 flex-1 rounded-xl border border-sand-300 bg-white px-2 text-ink-900 max-sm:[&::-webkit-calendar-picker-indicator]:hidden';

const shown = (time: string) => (time === '24:00' ? '00:00' : time);
/** A close at 00:00 is midnight at the end of the day. */
const storedClose = (time: string) => (time === '00:00' ? '24:00' : time);

export function OpeningHoursEditor({
  hours,
  onChange,
  error,
  unsetText = 'No opening hours yet: the map cannot say whether you are open.',
  framed = true,
}: {
  hours: WeeklyHours | null;
  onChange: (hours: WeeklyHours | null) => void;
  error?: string;
  /** What a missing set of hours means, in the words of whoever edits them. */
  unsetText?: string;
  /** A card of its own on a page; unframed inside a dialog, where the width is narrow already. */
  framed?: boolean;
}) {
  const week = hours ?? CLOSED_WEEK;
  const setDay = (day: WeekDay, ranges: TimeRange[]) => onChange({ ...week, [day]: ranges });

  return (
    <section
      aria-labelledby="hours-heading"
      className={
        framed
          ? 'grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm'
          : 'grid grid-cols-1 gap-3'
      }
    >
      <div className="grid grid-cols-1 gap-1">
        <h3 id="hours-heading" className="font-display text-lg font-semibold text-ink-900">
          Opening Hours
        </h3>
        <p className="text-sm text-ink-700">
          Manila time. A range that closes after midnight (22:00 to 02:00) runs into the next day.
        </p>
      </div>
      {hours === null ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-ink-700">{unsetText}</p>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            onClick={() => onChange(Object.fromEntries(WEEK_DAYS.map((day) => [day, [DEFAULT_RANGE]])) as WeeklyHours)}
          >
            Set opening hours
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {WEEK_DAYS.map((day) => {
            const ranges = week[day];
            return (
              <li
                key={day}
                className="grid grid-cols-1 gap-2 border-t border-sand-100 pt-3 first:border-t-0 first:pt-0"
              >
                <div className="flex items-center justify-between gap-3">
                  <span className="font-semibold text-ink-900">{WEEK_DAY_NAMES[day]}</span>
                  <Checkbox
                    checked={ranges.length === 0}
                    onCheckedChange={(closed) => setDay(day, closed ? [] : [DEFAULT_RANGE])}
                    label={
                      <>
                        Closed<span className="sr-only"> on {WEEK_DAY_NAMES[day]}</span>
                      </>
                    }
                  />
                </div>
                {ranges.map(([open, close], i) => (
                  <div key={i} className="flex items-center gap-2">
                    <label className="sr-only" htmlFor={`${day}-${i}-open`}>
                      {WEEK_DAY_NAMES[day]} opens
                    </label>
                    <input
                      id={`${day}-${i}-open`}
                      type="time"
                      value={shown(open)}
                      required
                      onChange={(event) =>
                        setDay(
                          day,
                          ranges.map((range, j) => (j === i ? [event.target.value, range[1]] : range)),
                        )
                      }
                      className={TIME_INPUT_CLASSES}
                    />
                    <span aria-hidden="true" className="text-ink-600">
                      to
                    </span>
                    <label className="sr-only" htmlFor={`${day}-${i}-close`}>
                      {WEEK_DAY_NAMES[day]} closes
                    </label>
                    <input
                      id={`${day}-${i}-close`}
                      type="time"
                      value={shown(close)}
                      required
                      onChange={(event) =>
                        setDay(
                          day,
                          ranges.map((range, j) => (j === i ? [range[0], storedClose(event.target.value)] : range)),
                        )
                      }
                      className={TIME_INPUT_CLASSES}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      className="size-11 shrink-0 px-0"
                      aria-label={`Remove ${WEEK_DAY_NAMES[day]} range ${i + 1}`}
                      onClick={() =>
                        setDay(
                          day,
                          ranges.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <CloseIcon size={18} />
                    </Button>
                  </div>
                ))}
                {ranges.length > 0 && ranges.length < MAX_RANGES ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="min-h-11 justify-self-start px-2 text-brand-800"
                    onClick={() => setDay(day, [...ranges, ['18:00', '22:00']])}
                  >
                    + Add hours<span className="sr-only"> on {WEEK_DAY_NAMES[day]}</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <FieldError>{error}</FieldError>
    </section>
  );
}
