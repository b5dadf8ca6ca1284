// The four sub-ratings of a spa review (spec, "Write review: /write-review/{userSlug}" and "Validation rules"), bound
// to the review form's `ratings` field: each is optional; the legend says so, and the line under it says that only a
// review with all four counts in the spa's rating (and which are still missing once some are chosen). A server's
// refusal of any of them shows under the four.
import { REVIEW_MESSAGES, SUB_RATING_MAX, SUB_RATING_MIN, SUB_RATINGS } from '../../../common/reviews.ts';
import { FieldError } from '../ui/form-alert.tsx';
import { firstError, useFieldContext } from '../ui/form.tsx';
import { selectClasses } from '../ui/select.tsx';
import { subRatingId, type SubRatings } from './review-form.ts';

const SCORES = Array.from({ length: SUB_RATING_MAX - SUB_RATING_MIN + 1 }, (_, i) => SUB_RATING_MIN + i);

export function SubRatingFields() {
  const field = useFieldContext<SubRatings>();
  const ratings = field.state.value;
  const error = firstError(field.state.meta.errors);
  const chosen = SUB_RATINGS.filter(({ key }) => ratings[key] !== undefined);
  const missing = SUB_RATINGS.filter(({ key }) => ratings[key] === undefined).map(({ label }) => label);
  const invitation =
    chosen.length === 0 || missing.length === 0
      ? REVIEW_MESSAGES.ratingsInvite
      : `Rate ${joinedWithAnd(missing)} too for your review to count in the spa's rating.`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'ratings-hint ratings-error' : 'ratings-hint'}>
      <legend className="mb-1 text-sm font-medium text-ink-700">Rate the spa from 1 to 10 (optional)</legend>
      <p id="ratings-hint" className="-mt-1 text-sm text-ink-700" aria-live="polite">
        {invitation}
      </p>
      <div className="grid grid-cols-2 gap-3">
        {SUB_RATINGS.map(({ key, label }) => (
          <label key={key} className="grid gap-1 text-sm text-ink-700">
            {label}
            <select
              id={subRatingId(key)}
              value={ratings[key] ?? ''}
              onChange={(event) =>
                field.handleChange({ ...ratings, [key]: event.target.value ? Number(event.target.value) : undefined })
              }
              aria-invalid={error ? true : undefined}
              className={selectClasses}
            >
              <option value="">–</option>
              {SCORES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <FieldError id="ratings-error">{error}</FieldError>
    </fieldset>
  );
}

/** "Booking", "Booking and Selection", "Amenities, Booking and Selection". */
function joinedWithAnd(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
