// /favorites: the member's favourites lists (spec, "What the product does and for whom"), private to them. Each list
// shows the spas and therapists saved in it with their pictures and links to their profiles; lists can be made, renamed
// and deleted (not the default one), and anyone in them removed. Things are saved from a profile's Save button.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { FavoriteList } from '../../common/favorites.ts';
import { createListInput, FAVORITE_LIST_NAME_MAX_LENGTH } from '../../common/favorites.ts';
import { Avatar } from '../components/avatar.tsx';
import { HeartIcon } from '../components/icons.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { RoleBadge } from '../components/role-badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { showServerErrors, submitHandler, useAppForm } from '../components/ui/form.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { serverMessage } from '../lib/errors.ts';
import { trpc } from '../trpc.ts';

type Editing =
  { kind: 'create' } | { kind: 'rename'; list: FavoriteList } | { kind: 'delete'; list: FavoriteList } | null;

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4">
      {[0, 1].map((key) => (
        <div key={key} className="h-40 animate-pulse rounded-3xl bg-sand-100" />
      ))}
    </div>
  );
}

export function FavoritesPage() {
  const utils = trpc.useUtils();
  const lists = trpc.favorites.lists.useQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => Promise.all([utils.favorites.lists.invalidate(), utils.favorites.saved.invalidate()]);
  const remove = trpc.favorites.remove.useMutation({ onSettled: refresh });

  return (
    <PageShell
      title="Favorites"
      back="history"
      actions={
        <Button size="sm" variant="outline" className="h-11" onClick={() => setEditing({ kind: 'create' })}>
          New list
        </Button>
      }
    >
      {lists.isPending ? (
        <ListSkeleton />
      ) : lists.isError ? (
        <NoticePanel action={<Button onClick={() => void lists.refetch()}>Try Again</Button>}>
          Your lists could not be loaded.
        </NoticePanel>
      ) : (
        // One column no wider than the screen: a list's long name is cut with an ellipsis, never widening its card.
        <div className="grid grid-cols-1 gap-5">
          {lists.data.every((list) => list.members.length === 0) ? (
            <NoticePanel icon={<HeartIcon size={28} />}>
              Nothing saved yet. Tap Save on a spa's or a therapist's profile to keep them in your lists.
            </NoticePanel>
          ) : null}
          {lists.data.map((list) => (
            <section
              key={list.id}
              aria-labelledby={`list-${list.id}`}
              className="rounded-3xl border border-sand-200 bg-white p-4 shadow-sm"
            >
              <header className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <h2
                    id={`list-${list.id}`}
                    title={list.name}
                    className="truncate font-display text-xl font-semibold text-ink-900"
                  >
                    {list.name}
                  </h2>
                  <p className="text-sm text-ink-600">
                    {list.members.length === 1 ? '1 saved' : `${list.members.length} saved`}
                    {list.isDefault ? ' · your default list' : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  className="h-11"
                  aria-label={`Rename ${list.name}`}
                  onClick={() => setEditing({ kind: 'rename', list })}
                >
                  Rename
                </Button>
                {list.isDefault ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-11 text-red-700"
                    aria-label={`Delete ${list.name}`}
                    onClick={() => setEditing({ kind: 'delete', list })}
                  >
                    Delete
                  </Button>
                )}
              </header>
              {list.members.length === 0 ? (
                <p className="mt-3 text-sm text-ink-600">Nothing in this list yet.</p>
              ) : (
                <ul className="mt-3 divide-y divide-sand-200" aria-label={`In ${list.name}`}>
                  {list.members.map((saved) => (
                    <li key={saved.id} className="flex items-center gap-3 py-2">
                      <Link
                        to="/profile/$userSlug"
                        params={{ userSlug: saved.slug }}
                        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        <Avatar
                          name={saved.name}
                          picture={saved.profilePicThumbnail ?? saved.profilePic}
                          role={saved.role}
                          size={44}
                        />
                        <span className="grid min-w-0 grid-cols-1 gap-0.5">
                          <span title={saved.name} className="truncate font-semibold text-ink-900">
                            {saved.name}
                          </span>
                          <RoleBadge role={saved.role} className="justify-self-start whitespace-nowrap" />
                        </span>
                      </Link>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="h-11 shrink-0"
                        aria-label={`Remove ${saved.name} from ${list.name}`}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(
                            { listId: list.id, targetUserId: saved.id },
                            { onSuccess: () => toast({ title: `Removed from ${list.name}` }) },
                          )
                        }
                      >
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
      <ListDialogs editing={editing} onClose={() => setEditing(null)} onChanged={refresh} />
    </PageShell>
  );
}

/** New list and rename (a name field), delete (a confirmation); each opens afresh, without the last one's error. */
function ListDialogs({
  editing,
  onClose,
  onChanged,
}: {
  editing: Editing;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const done = (title: string) => {
    toast({ title });
    onClose();
    void onChanged();
  };
  if (!editing) return null;
  if (editing.kind === 'delete')
    return <DeleteListDialog key={editing.list.id} list={editing.list} onClose={onClose} onDone={done} />;
  const list = editing.kind === 'rename' ? editing.list : null;
  return <ListNameDialog key={list?.id ?? 'new'} list={list} onClose={onClose} onDone={done} />;
}

interface ListDialogProps {
  onClose: () => void;
  onDone: (title: string) => void;
}

function DeleteListDialog({ list, onClose, onDone }: ListDialogProps & { list: FavoriteList }) {
  // The dialog says why the list was not deleted.
  const remove = trpc.favorites.deleteList.useMutation({
    meta: { errorToast: false },
    onSuccess: () => onDone('List deleted'),
  });
  return (
    <ConfirmDialog
      title="Delete this list?"
      description={`"${list.name}" and what is saved in it will be gone. The spas and therapists themselves are not affected.`}
      error={remove.error ? serverMessage(remove.error, 'Please try again.') : null}
      confirmLabel="Delete list"
      pending={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate({ listId: list.id })}
    />
  );
}

/** A new list (`list` null) or a new name for one; the server's refusal (a name in use) shows at the field. */
function ListNameDialog({ list, onClose, onDone }: ListDialogProps & { list: FavoriteList | null }) {
  const refused = (failure: unknown) => showServerErrors(form, { name: serverMessage(failure, 'Please try again.') });
  const refusalAtField = { meta: { errorToast: false }, onError: refused } as const;
  const create = trpc.favorites.createList.useMutation({ ...refusalAtField, onSuccess: () => onDone('List created') });
  const rename = trpc.favorites.renameList.useMutation({ ...refusalAtField, onSuccess: () => onDone('List renamed') });
  const form = useAppForm({
    defaultValues: { name: list?.name ?? '' },
    validators: { onSubmit: createListInput },
    onSubmit: ({ value }) => (list ? rename.mutate({ listId: list.id, ...value }) : create.mutate(value)),
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={list ? 'Rename list' : 'New list'}>
      <form onSubmit={submitHandler(form)} noValidate className="grid gap-4">
        <form.AppField name="name">
          {(field) => <field.TextField label="List name" maxLength={FAVORITE_LIST_NAME_MAX_LENGTH} autoFocus />}
        </form.AppField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || rename.isPending}>
            {list ? 'Save' : 'Create list'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
