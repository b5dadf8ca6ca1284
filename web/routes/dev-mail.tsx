// /dev/mail: the local mailbox, the mail provider's embedded default (docs/architecture.md, "Providers"). It shows what
// this development server would have e-mailed, newest first: the plain-text part with its links, and the HTML
// part in a sandboxed frame. The Worker answers 404 for this page and its API in production and whenever a
// mail provider is configured.
import { Fragment, useState } from 'react';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { trpc } from '../trpc.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its web addresses as links. */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={part}
            className="font-medium text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere]"
          >
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function when(ms: number) {
  return new Date(ms).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short' });
}

export function DevMailPage() {
  const [to, setTo] = useState('');
  const mailbox = trpc.devMail.list.useQuery(to ? { to } : undefined, { retry: false, staleTime: 0 });

  return (
    <PageShell title="Local mailbox">
      <p className="mb-4 text-sm leading-relaxed text-ink-700">
        Messages this development server would have sent by e-mail. The mailbox exists only while no mail provider is
        configured, and never in production.
      </p>
      <div className="mb-5 flex items-end gap-2">
        <label className="grid flex-1 gap-1.5 text-sm font-medium text-ink-700">
          Only messages to
          <input
            type="email"
            value={to}
            onChange={(event) => setTo(event.target.value.trim())}
            placeholder="name@example.com"
            className="block h-11 w-full rounded-xl border border-sand-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/25 focus:outline-none"
          />
        </label>
        <Button variant="outline" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          Refresh
        </Button>
      </div>

      {mailbox.isPending ? (
        <LoadingView inline />
      ) : mailbox.isError ? (
        <NoticePanel>The local mailbox is not available on this server.</NoticePanel>
      ) : mailbox.data.length === 0 ? (
        <NoticePanel>No messages yet.</NoticePanel>
      ) : (
        <ol className="grid gap-4" aria-label="Messages">
          {mailbox.data.map((message) => (
            <li key={message.id}>
              <article
                aria-labelledby={`mail-${message.id}`}
                className="rounded-3xl border border-sand-200 bg-white p-5 shadow-sm"
              >
                <h2
                  id={`mail-${message.id}`}
                  className="font-display text-lg font-semibold text-ink-900 [overflow-wrap:anywhere]"
                >
                  {message.subject}
                </h2>
                <p className="mt-1 text-sm text-ink-600 [overflow-wrap:anywhere]">
                  To {message.to} · {when(message.createdAt)}
                </p>
                <p className="mt-4 text-sm leading-relaxed whitespace-pre-wrap text-ink-800 [overflow-wrap:anywhere]">
                  <TextWithLinks text={message.text} />
                </p>
                {message.html ? (
                  <details className="mt-4">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">HTML part</summary>
                    <iframe
                      title={`HTML part of "${message.subject}"`}
                      sandbox=""
                      srcDoc={message.html}
                      className="mt-3 h-96 w-full rounded-xl border border-sand-200"
                    />
                  </details>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </PageShell>
  );
}
