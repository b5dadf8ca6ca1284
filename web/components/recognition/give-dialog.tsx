// The Give Star and Give Flower dialogs (spec part 2 sections 2, 5 and 8) for a client on their own page: a
// recipient picker searching by name, a spa picker (a flower's therapist's own spas first, from their lineup),
// an optional reason, the spec's validation and toasts, and the daily limit with what is left today.
import { useState } from 'react';
import { RECOGNITION_REASON_MAX_CHARACTERS } from '../../../common/limits.ts';
import { RECOGNITION_MESSAGES } from '../../../common/recognition.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { MemberPicker } from '../member-picker.tsx';
import { SpaPicker } from './spa-picker.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { inputClasses } from '../ui/input.tsx';
import { toast } from '../ui/use-toast.ts';

export function GiveDialog({
  kind,
  open,
  onOpenChange,
  dailyLimit,
}: {
  kind: 'star' | 'flower';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dailyLimit: { limit: number; remaining: number } | null;
}) {
  const noun = kind === 'star' ? 'Star' : 'Flower';
  const [recipientId, setRecipientId] = useState<number | null>(null);
  const [spaId, setSpaId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const utils = trpc.useUtils();
  const failedTitle = RECOGNITION_MESSAGES.failedTitle[kind];
  const give = (kind === 'star' ? trpc.recognition.giveStar : trpc.recognition.giveFlower).useMutation({
    onSuccess: () => {
      toast({ variant: 'success', title: RECOGNITION_MESSAGES.successTitle[kind], description: `Your ${kind} was given. Thank you!` });
      void utils.recognition.invalidate();
      void utils.leaderboards.invalidate();
      onOpenChange(false);
      setRecipientId(null);
      setReason('');
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: failedTitle,
        description: serverMessage(error, RECOGNITION_MESSAGES.retry).replace(`${failedTitle}: `, ''),
      }),
  });

  function submit() {
    if (!recipientId) return toast({ variant: 'destructive', title: failedTitle, description: RECOGNITION_MESSAGES.recipientRequired });
    if (!spaId) return toast({ variant: 'destructive', title: failedTitle, description: RECOGNITION_MESSAGES.spaRequired });
    give.mutate({ recipientId, spaId, reason: reason.trim() || null });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Give ${noun}`}
      description={kind === 'star' ? 'Thank a spa for a great visit.' : 'Thank a therapist for a great massage.'}
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {dailyLimit ? (
          <p className="rounded-xl bg-sand-50 px-3 py-2 text-sm text-ink-800" data-testid="daily-limit">
            Daily Limit: {dailyLimit.limit} per day · {dailyLimit.remaining} left today
          </p>
        ) : null}
        <MemberPicker
          id="recipient-search"
          label={kind === 'star' ? 'Spa manager' : 'Therapist'}
          groupLabel="Recipient"
          role={kind === 'star' ? 'spa_management' : 'therapist'}
          value={recipientId}
          onChange={(memberId) => {
            setRecipientId(memberId);
            setSpaId(null);
          }}
          enabled={open}
        />
        <SpaPicker
          id="spa-picker"
          label="Spa"
          therapistId={kind === 'flower' ? recipientId : null}
          ownerId={kind === 'star' ? recipientId : null}
          value={spaId}
          onChange={setSpaId}
          enabled={open}
        />
        <div className="grid gap-1.5">
          <label htmlFor="gift-reason" className="text-sm font-medium text-ink-700">
            Reason (optional)
          </label>
          <input
            id="gift-reason"
            value={reason}
            maxLength={RECOGNITION_REASON_MAX_CHARACTERS}
            onChange={(event) => setReason(event.target.value)}
            className={inputClasses}
          />
        </div>
        <Button type="submit" disabled={give.isPending}>
          {give.isPending ? 'Sending...' : `Give ${noun}`}
        </Button>
      </form>
    </Dialog>
  );
}
