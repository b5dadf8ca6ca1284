// A new e-mail address waiting for its confirmation link (beyond the spec), wherever the member sees their address:
// the profile editor's Contact tab, the privacy screen and their own profile's Contact tab. It says where the link
// went and which address the account keeps using until then; "Cancel change" sends the current address back,
// which the server takes as cancelling the pending change (PATCH /api/profile).
import type { CurrentUser } from '../../../common/account.ts';
import { PRIVACY_TEXTS } from '../../../common/privacy.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/use-toast.ts';

/** Cancels the member's pending e-mail change; `onCancelled` hears the member as saved. */
export function useCancelPendingEmail(onCancelled?: (user: CurrentUser) => void) {
  const utils = trpc.useUtils();
  return trpc.profiles.update.useMutation({
    onSuccess: (saved) => {
      utils.account.me.setData(undefined, saved);
      toast({ title: PRIVACY_TEXTS.pendingCancelled });
      onCancelled?.(saved);
    },
  });
}

export function PendingEmailNotice({
  user,
  cancellable = true,
  onCancelled,
}: {
  user: Pick<CurrentUser, 'email' | 'pendingEmail'>;
  /** Whether the notice offers "Cancel change" (not on the profile, which only shows). */
  cancellable?: boolean;
  onCancelled?: (user: CurrentUser) => void;
}) {
  const cancel = useCancelPendingEmail(onCancelled);
  if (!user.pendingEmail) return null;
  return (
    <div
      role="status"
      className="grid grid-cols-1 gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-ink-900"
    >
      <p className="font-semibold [overflow-wrap:anywhere]">{PRIVACY_TEXTS.pendingNotice(user.pendingEmail)}</p>
      <p className="text-ink-800 [overflow-wrap:anywhere]">{PRIVACY_TEXTS.pendingSince(user.email)}</p>
      {cancellable ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate({ email: user.email })}
        >
          {cancel.isPending ? PRIVACY_TEXTS.cancellingPending : PRIVACY_TEXTS.cancelPending}
        </Button>
      ) : null}
    </div>
  );
}
