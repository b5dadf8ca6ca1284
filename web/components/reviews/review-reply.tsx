// The reviewed member's one public reply under a review: shown to everyone; the reviewed member gets Reply,
// Edit and Delete. Self-contained (it calls reviews.reply / reviews.deleteReply and refreshes review lists), so
// any screen that lists reviews, the profile's Reviews tabs included, only places it.
import { useState } from 'react';
import { REVIEW_REPLY_MAX_CHARACTERS } from '../../../common/limits.ts';
import type { ReviewReply as ReviewReplyView } from '../../../common/profile.ts';
import { REVIEW_MESSAGES } from '../../../common/reviews.ts';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { firstError, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

const REPLY_FAILED_TITLE = 'Reply not saved';

export function ReviewReply({
  reviewId,
  reply,
  targetName,
  canReply,
}: {
  reviewId: number;
  reply: ReviewReplyView | null;
  targetName: string;
  /** True for the reviewed member. */
  canReply: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const utils = trpc.useUtils();
  const done = () => {
    setEditing(false);
    void Promise.all([utils.reviews.invalidate(), utils.profiles.reviewsReceived.invalidate()]);
  };
  const meta = { errorTitle: REPLY_FAILED_TITLE };
  const save = trpc.reviews.reply.useMutation({ meta, onSuccess: done });
  const remove = trpc.reviews.deleteReply.useMutation({ meta, onSuccess: done });
  const busy = save.isPending || remove.isPending;
  const form = useAppForm({
    defaultValues: { replyText: reply?.text ?? '' },
    validators: { onSubmit: ({ value }) => (value.replyText.trim() ? undefined : REVIEW_MESSAGES.replyRequired) },
    onSubmitInvalid: ({ formApi }) =>
      toast({ variant: 'destructive', title: REPLY_FAILED_TITLE, description: firstError(formApi.state.errors) }),
    onSubmit: ({ value }) => save.mutate({ reviewId, replyText: value.replyText }),
  });

  if (editing) {
    return (
      <form className="grid gap-2 rounded-2xl bg-sand-50 p-3" onSubmit={submitHandler(form)} noValidate>
        <form.AppField name="replyText">
          {(field) => (
            <field.TextArea
              id={`reply-${reviewId}`}
              label="Your reply"
              maxLength={REVIEW_REPLY_MAX_CHARACTERS}
              className="min-h-24 [overflow-wrap:anywhere]"
            />
          )}
        </form.AppField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" className="min-h-11" disabled={busy}>
            {save.isPending ? 'Saving...' : 'Post Reply'}
          </Button>
          <Button variant="ghost" size="sm" className="min-h-11" onClick={() => setEditing(false)} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="grid gap-2">
      {reply ? (
        <div className="rounded-2xl border-l-4 border-brand-600 bg-sand-50 px-3 py-2">
          <p className="text-xs font-semibold text-ink-700">
            Reply from <span className="[overflow-wrap:anywhere]">{targetName}</span> · {formatDate(reply.createdAt)}
            {reply.updatedAt ? ' · edited' : ''}
          </p>
          <p className="mt-1 text-sm whitespace-pre-line text-ink-800 [overflow-wrap:anywhere]">{reply.text}</p>
        </div>
      ) : null}
      {canReply ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            disabled={busy}
            onClick={() => {
              // Editing starts from the reply as posted, whatever an earlier, cancelled edit left.
              form.reset();
              setEditing(true);
            }}
          >
            {reply ? 'Edit Reply' : 'Reply'}
          </Button>
          {reply ? (
            <Button
              variant="ghost"
              size="sm"
              className="min-h-11"
              disabled={busy}
              onClick={() => remove.mutate({ reviewId })}
            >
              {remove.isPending ? 'Deleting...' : 'Delete Reply'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
