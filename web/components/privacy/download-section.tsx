// "Download your data" (beyond the spec): a plain link to GET /api/user/export, which answers the member's own data
// as a JSON attachment, so the browser saves the file itself (the session cookie goes with the request).
import { PRIVACY_TEXTS } from '../../../common/privacy.ts';
import { buttonClasses } from '../ui/button.tsx';
import { PrivacySection } from './privacy-section.tsx';

/** The REST path of the download (worker/rest/privacy.ts). */
const EXPORT_PATH = '/api/user/export';

export function DownloadSection() {
  return (
    <PrivacySection id="privacy-download" title={PRIVACY_TEXTS.downloadHeading} intro={PRIVACY_TEXTS.downloadIntro}>
      <p className="text-sm text-ink-700">{PRIVACY_TEXTS.downloadNote}</p>
      <a href={EXPORT_PATH} download className={buttonClasses('primary', 'md', 'w-full')}>
        {PRIVACY_TEXTS.downloadButton}
      </a>
    </PrivacySection>
  );
}
