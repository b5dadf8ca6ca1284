// The Give Star and Give Flower dialogs for a client on their own page (spec,
// "Stars and flowers: /stars/:userSlug? and /flowers/:userSlug?", "Validation rules" and "Error catalogue"): a
// recipient picker searching by name, a spa picker (a flower's therapist's own spas first, from their lineup), an
// optional reason, the spec's validation and texts, and the daily limit with what is left today. With nothing left
// today the dialog says so instead of offering a form the server would refuse. A refusal shows inside the dialog,
// above its button, never over the dialog's close button as a toast would.
import { useSelector } from '@tanstack/react-form';
import { RECOGNITION_REASON_MAX_CHARACTERS } from '../../../common/limits.ts';
import { dailyLimitLine, RECOGNITION_MESSAGES, usedUpTodayMessage } from '../../../common/recognition.ts';
import { starOrFlowerInput } from '../../../common/recognition-input.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { MemberPicker } from '../member-picker.tsx';
import { SpaPicker } from './spa-picker.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { checkedBy, firstError, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

interface GiftValues {
  recipientId: number | null;
  spaId: number | null;
  reason: string;
}
const GIFT_CHECKS = checkedBy<GiftValues>(starOrFlowerInput);

export function GiveDialog({
  kind,
  open,
  onOpenChange,
  dailyLimit,
}: {
  kind: 'star' | 'flower';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dailyLimit: { limit: number; remaining: number };
}) {
  const noun = kind === 'star' ? 'Star' : 'Flower';
  const utils = trpc.useUtils();
  const failedTitle = RECOGNITION_MESSAGES.failedTitle[kind];
  const give = (kind === 'star' ? trpc.recognition.giveStar : trpc.recognition.giveFlower).useMutation({
    onSuccess: () => {
      toast({
        variant: 'success',
        title: RECOGNITION_MESSAGES.successTitle[kind],
        description: `Your ${kind} was given. Thank you!`,
      });
      void utils.recognition.invalidate();
      void utils.leaderboards.invalidate();
      onOpenChange(false);
      form.reset();
    },
    // The dialog shows a refusal above its button.
    meta: { errorToast: false },
    // A refusal (today's allowance used elsewhere meanwhile) brings the page's figures up to date too.
    onError: () => void utils.recognition.invalidate(),
  });
  const form = useAppForm({
    defaultValues: { recipientId: null, spaId: null, reason: '' } as GiftValues,
    validators: { onSubmit: GIFT_CHECKS },
    onSubmit: ({ value }) => give.mutate(value),
  });
  /** Closing forgets a refusal: the dialog opens afresh. */
  const close = () => {
    give.reset();
    onOpenChange(false);
  };
  const recipientId = useSelector(form.store, (state) => state.values.recipientId);
  const refusal = give.error ? serverMessage(give.error, RECOGNITION_MESSAGES.retry) : null;
  const limitLine = (
    <p className="rounded-xl bg-sand-50 px-3 py-2 text-sm text-ink-800" data-testid="daily-limit">
      {dailyLimitLine(dailyLimit.limit, dailyLimit.remaining)}
    </p>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`Give ${noun}`}
      description={kind === 'star' ? 'Thank a spa for a great visit.' : 'Thank a therapist for a great massage.'}
    >
      {dailyLimit.remaining === 0 ? (
        <div className="grid gap-4">
          {limitLine}
          <p role="status" className="text-base text-ink-900">
            {usedUpTodayMessage(kind, dailyLimit.limit)}
          </p>
          <Button variant="outline" onClick={close}>
            OK
          </Button>
        </div>
      ) : (
        <form noValidate className="grid gap-4" onSubmit={submitHandler(form)}>
          {limitLine}
          <form.Field name="recipientId">
            {(field) => (
              <MemberPicker
                id="recipient-search"
                label={kind === 'star' ? 'Spa manager' : 'Therapist'}
                groupLabel="Recipient"
                role={kind === 'star' ? 'spa_management' : 'therapist'}
                value={field.state.value}
                error={firstError(field.state.meta.errors)}
                onChange={(memberId) => {
                  field.handleChange(memberId);
                  form.setFieldValue('spaId', null, { dontValidate: true });
                }}
                enabled={open}
              />
            )}
          </form.Field>
          <form.Field name="spaId">
            {(field) => (
              <SpaPicker
                id="spa-picker"
                label="Spa"
                therapistId={kind === 'flower' ? recipientId : null}
                ownerId={kind === 'star' ? recipientId : null}
                value={field.state.value}
                error={firstError(field.state.meta.errors)}
                onChange={field.handleChange}
                enabled={open}
              />
            )}
          </form.Field>
          <form.AppField name="reason">
            {(field) => (
              <field.TextField
                id="gift-reason"
                label="Reason (optional)"
                maxLength={RECOGNITION_REASON_MAX_CHARACTERS}
              />
            )}
          </form.AppField>
          <FormAlert>{refusal && !refusal.startsWith(failedTitle) ? `${failedTitle}: ${refusal}` : refusal}</FormAlert>
          <Button type="submit" disabled={give.isPending}>
            {give.isPending ? 'Sending...' : `Give ${noun}`}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
