// The write-review screen's choice of recognition (spec, "Write review: /write-review/{userSlug}", "Roles and
// permissions"): the reward buttons the viewer may press for this member (Give Star, Give Flowers, Give Medal or Give
// Red Flag & Report, each with its submit) and the plain Submit; before them the fields a reward needs: the red
// flag's reason, and the spa of a flower (the therapist's own spa chosen unless the member picks another), each bound
// to the review form with its refusal under it; and the line that says the review is being sent.
import { RED_FLAG_REASONS } from '../../../common/recognition.ts';
import { REVIEW_MESSAGES, rewardButtons, type ReviewReward } from '../../../common/reviews.ts';
import type { Role } from '../../../common/roles.ts';
import { SpaPicker } from '../recognition/spa-picker.tsx';
import { Button } from '../ui/button.tsx';
import { firstError } from '../ui/form.tsx';
import { REVIEW_FIELD_IDS, type ReviewForm, type ReviewTarget } from './review-form.ts';

const REASON_OPTIONS = RED_FLAG_REASONS.map((reason) => ({ value: reason, label: reason }));

export function RecognitionChoice({
  form,
  target,
  viewerRole,
  submitting,
  disabled,
  onSend,
}: {
  form: ReviewForm;
  target: ReviewTarget;
  viewerRole: Role;
  submitting: boolean;
  disabled: boolean;
  /** A button was pressed: its reward, or null for the plain Submit. */
  onSend: (reward: ReviewReward | null) => void;
}) {
  const buttons = rewardButtons(viewerRole, target.role);
  const flowerButton = buttons.find((button) => button.reward === 'flower');
  return (
    <>
      {buttons.some((button) => button.reward === 'red_flag') ? (
        <form.AppField name="redFlagReason">
          {(field) => (
            <field.Select
              id={REVIEW_FIELD_IDS.redFlagReason}
              label="Red flag reason (for Give Red Flag & Report)"
              placeholder="Choose a reason"
              options={REASON_OPTIONS}
            />
          )}
        </form.AppField>
      ) : null}
      {flowerButton ? (
        <form.AppField name="flowerSpaId">
          {(field) => (
            <SpaPicker
              id={REVIEW_FIELD_IDS.flowerSpaId}
              label={`Spa (for ${flowerButton.label})`}
              therapistId={target.id}
              value={field.state.value}
              onChange={field.handleChange}
              preferTheirSpa
              error={firstError(field.state.meta.errors)}
            />
          )}
        </form.AppField>
      ) : null}
      {submitting ? (
        <p role="status" className="text-sm font-semibold text-brand-800">
          {REVIEW_MESSAGES.submitting}
        </p>
      ) : null}
      <div className="grid gap-2">
        {buttons.map((button) => (
          <Button
            key={button.reward}
            variant={button.tone === 'negative' ? 'destructive' : 'primary'}
            size="lg"
            disabled={disabled}
            onClick={() => onSend(button.reward)}
          >
            {button.label}
          </Button>
        ))}
        <Button variant="outline" size="lg" disabled={disabled} onClick={() => onSend(null)}>
          Submit
        </Button>
      </div>
    </>
  );
}
