// The member's online-list setting: "Hide me from the online list". Stored on the server (chat.settings) and
// enforced by the hub: a hidden member is not listed and nobody can send them a chat request, while they can
// still see who is online and send requests themselves.
import { trpc } from '../../trpc.ts';
import { Checkbox } from '../ui/checkbox.tsx';

export function OnlineVisibility() {
  const utils = trpc.useUtils();
  const settings = trpc.chat.settings.useQuery(undefined, { staleTime: 0 });
  const update = trpc.chat.updateSettings.useMutation({
    meta: { errorTitle: 'Setting not saved' },
    onSuccess: (saved) => utils.chat.settings.setData(undefined, saved),
  });
  const invisible = update.isPending ? update.variables.invisible : (settings.data?.invisible ?? false);

  return (
    <section
      aria-label="Online list"
      className="grid grid-cols-1 gap-1 rounded-3xl border border-sand-200 bg-white px-4 py-3 shadow-sm"
    >
      <Checkbox
        id="chat-invisible"
        checked={invisible}
        disabled={settings.isPending || update.isPending}
        onCheckedChange={(checked) => update.mutate({ invisible: checked })}
        label="Hide me from the online list"
      />
      <p className="pl-9 text-xs leading-relaxed text-ink-600">
        {invisible
          ? 'Nobody sees you online or can send you a chat request. You can still send requests.'
          : 'Members who are online see you and can send you a chat request.'}
      </p>
    </section>
  );
}
