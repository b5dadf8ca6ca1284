// Save to a list (save-button.tsx opens it): each of the member's lists can hold the target or not (one tap each),
// a new list can be made and filled at once, and /favorites is one link away.
import { Link } from '@tanstack/react-router';
import { createListInput, FAVORITE_LIST_NAME_MAX_LENGTH } from '../../../common/favorites.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { Button, buttonClasses } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { DialogModal as Dialog } from '../ui/dialog-modal.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { showServerErrors, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

export interface SaveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetUserId: number;
  targetName: string;
}

export function SaveDialog({ open, onOpenChange, targetUserId, targetName }: SaveDialogProps) {
  const utils = trpc.useUtils();
  const lists = trpc.favorites.saved.useQuery({ targetUserId });

  const refresh = () =>
    Promise.all([utils.favorites.saved.invalidate({ targetUserId }), utils.favorites.lists.invalidate()]);
  const save = trpc.favorites.save.useMutation({ onSettled: refresh });
  const remove = trpc.favorites.remove.useMutation({ onSettled: refresh });
  // A new list's refusal (a name in use) shows at its name field.
  const createList = trpc.favorites.createList.useMutation({ meta: { errorToast: false } });
  const busy = save.isPending || remove.isPending || createList.isPending;

  const toggle = (listId: number, listName: string, keep: boolean) => {
    if (keep) save.mutate({ targetUserId, listId }, { onSuccess: () => toast({ title: `Saved to ${listName}` }) });
    else remove.mutate({ listId, targetUserId }, { onSuccess: () => toast({ title: `Removed from ${listName}` }) });
  };

  const newList = useAppForm({
    defaultValues: { name: '' },
    validators: { onSubmit: createListInput },
    onSubmit: async ({ value, formApi }) => {
      try {
        const list = await createList.mutateAsync(value);
        await save.mutateAsync({ targetUserId, listId: list.id });
        formApi.reset();
        toast({ title: `Saved to ${list.name}` });
      } catch (failure) {
        showServerErrors(formApi, { name: serverMessage(failure, 'Please try again.') });
      } finally {
        await refresh();
      }
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save to a list"
      description={`Choose the lists to keep ${targetName} in.`}
    >
      {lists.isError ? (
        <FormAlert>Your lists could not be loaded. Please try again.</FormAlert>
      ) : (
        <ul className="grid gap-1" aria-label="Your lists">
          {(lists.data ?? []).map((list) => (
            <li
              key={list.id}
              className="flex min-h-11 items-center justify-between gap-3 rounded-xl px-2 hover:bg-sand-50"
            >
              <div className="min-w-0 flex-1 truncate" title={list.name}>
                <Checkbox
                  checked={list.saved}
                  disabled={busy}
                  onCheckedChange={(keep) => toggle(list.id, list.name, keep)}
                  label={<span className="truncate">{list.name}</span>}
                />
              </div>
              <span className="shrink-0 text-xs text-ink-600">{list.size} saved</span>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={submitHandler(newList)}
        noValidate
        className="grid gap-2 border-t border-sand-200 pt-4"
        aria-label="New list"
      >
        <newList.AppField name="name">
          {(field) => (
            <field.TextField
              label="New list"
              placeholder="Date night, near the office…"
              maxLength={FAVORITE_LIST_NAME_MAX_LENGTH}
            />
          )}
        </newList.AppField>
        <Button type="submit" variant="outline" disabled={busy}>
          Create and save
        </Button>
      </form>
      <Link to="/favorites" className={buttonClasses('ghost', 'md', 'w-full')}>
        See all my lists
      </Link>
    </Dialog>
  );
}
