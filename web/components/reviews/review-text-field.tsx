// The review's text (spec, "Write review: /write-review/{userSlug}", "Validation rules"), bound to the review form's
// `reviewText` field: the text area with its refusal under it, the word count against the limit, and a tip that
// changes every 6 s; and AI Assist, which polishes the text with the configured provider (the built-in editor by
// default, labelled as such) and puts its suggestion in the field.
import { useEffect, useState } from 'react';
import { AI_ASSIST_TEXTS } from '../../../common/ai-assist.ts';
import { formatCount } from '../../../common/count.ts';
import { REVIEW_HINT_FADE_MS, REVIEW_HINT_INTERVAL_MS } from '../../../common/limits.ts';
import { AI_ASSIST_HINT, countWords, REVIEW_HINTS, REVIEW_MAX_WORDS_LABEL } from '../../../common/reviews.ts';
import { trpc } from '../../trpc.ts';
import { AiAssist } from '../ai-assist.tsx';
import { FieldError } from '../ui/form-alert.tsx';
import { firstError, useFieldContext } from '../ui/form.tsx';
import { REVIEW_FIELD_IDS, type ReviewTarget } from './review-form.ts';

const TEXT_ID = REVIEW_FIELD_IDS.reviewText;

export function ReviewTextField() {
  const field = useFieldContext<string>();
  const error = firstError(field.state.meta.errors);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={TEXT_ID} className="text-sm font-medium text-ink-700">
        Your review
      </label>
      <textarea
        id={TEXT_ID}
        name={field.name}
        value={field.state.value}
        onChange={(event) => field.handleChange(event.target.value)}
        placeholder="Share your experience..."
        className="min-h-[200px] w-full scroll-mt-24 rounded-2xl border border-sand-300 bg-white p-4 text-base text-ink-900 [overflow-wrap:anywhere] placeholder:text-ink-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25 aria-[invalid=true]:border-red-600"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${TEXT_ID}-error review-hint review-words` : 'review-hint review-words'}
      />
      <FieldError id={`${TEXT_ID}-error`}>{error}</FieldError>
      <p id="review-words" className="text-xs text-ink-600">
        {formatCount(countWords(field.state.value))} / {REVIEW_MAX_WORDS_LABEL} words
      </p>
      <RotatingHint />
    </div>
  );
}

/** AI Assist for the review of `target`: the suggestion replaces the text, as a change the member made. */
export function ReviewAiAssist({ target }: { target: ReviewTarget }) {
  const field = useFieldContext<string>();
  // AiAssist says itself why a request failed.
  const assist = trpc.ai.assistReview.useMutation({ meta: { errorToast: false } });
  const text = field.state.value;
  return (
    <AiAssist
      text={text}
      needSentence={AI_ASSIST_TEXTS.needSentenceReview}
      hint={AI_ASSIST_HINT}
      request={() => assist.mutateAsync({ currentText: text, spaName: target.name, targetUserId: target.id })}
      pending={assist.isPending}
      onApply={field.handleChange}
    />
  );
}

/** A new tip every 6 s, fading out and in over 0.8 s. */
function RotatingHint() {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let fade: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      fade = setTimeout(() => {
        setIndex((current) => (current + 1) % REVIEW_HINTS.length);
        setVisible(true);
      }, REVIEW_HINT_FADE_MS);
    }, REVIEW_HINT_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(fade);
    };
  }, []);
  return (
    <p
      id="review-hint"
      className="text-sm text-ink-700 transition-opacity ease-in-out"
      style={{ opacity: visible ? 1 : 0, transitionDuration: `${REVIEW_HINT_FADE_MS}ms` }}
    >
      {REVIEW_HINTS[index]}
    </p>
  );
}
