// The profile editor's about text under its role heading (About Our Spa, About My Services, About Me), with AI Assist
// under it, once per page session (spec, "States and transitions" and "Validation rules").
import { AI_ASSIST_TEXTS } from '../../../common/ai-assist.ts';
import type { CurrentUser } from '../../../common/account.ts';
import { ABOUT_MAX_LENGTH, roleTexts } from '../../../common/profile.ts';
import { cn } from '../../lib/cn.ts';
import { trpc } from '../../trpc.ts';
import { AiAssist } from '../ai-assist.tsx';
import type { ProfileEditorForm } from './editor-form.ts';
import { FieldError } from '../ui/form-alert.tsx';
import { firstError } from '../ui/form.tsx';
import { inputClasses } from '../ui/input.tsx';

const AI_USED_KEY = 'aiAssistProfileUsed';

export function AboutEditor({ form, user }: { form: ProfileEditorForm; user: CurrentUser }) {
  const texts = roleTexts(user.role);
  // AiAssist says itself why a request failed.
  const assist = trpc.ai.assistProfile.useMutation({ meta: { errorToast: false } });
  return (
    <form.Field name="aboutMe">
      {(field) => {
        const error = firstError(field.state.meta.errors);
        return (
          <section className="grid grid-cols-1 gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
            <label htmlFor="about-me" className="font-display text-lg font-semibold text-ink-900">
              {texts.aboutHeading}
            </label>
            <textarea
              id="about-me"
              value={field.state.value}
              rows={7}
              maxLength={ABOUT_MAX_LENGTH}
              placeholder={texts.aboutPlaceholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'about-me-error' : undefined}
              onChange={(event) => field.handleChange(event.target.value)}
              className={cn(inputClasses, 'h-auto min-h-40 py-3 leading-relaxed')}
            />
            <FieldError id="about-me-error">{error}</FieldError>
            <AiAssist
              text={field.state.value}
              needSentence={AI_ASSIST_TEXTS.needSentenceProfile}
              hint="Write at least one complete sentence to use AI Assist once."
              request={() =>
                assist.mutateAsync({ currentText: field.state.value, profileType: user.role, userName: user.name })
              }
              pending={assist.isPending}
              onApply={field.handleChange}
              oncePerSessionKey={AI_USED_KEY}
            />
          </section>
        );
      }}
    </form.Field>
  );
}
