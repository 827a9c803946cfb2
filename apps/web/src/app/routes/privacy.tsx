import {
  ACCESS_LOG_PAGE,
  CONSENT_PAGE,
  DATA_RIGHTS_PAGE,
  PRIVACY_PAGE,
} from '@samtalsmatch/contracts';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { EraseAccount } from '@/features/auth/components/erase-account';
import { CalendarFeedSection } from '@/features/calendar-feed/components/calendar-feed-section';
import { AccessLogSection } from '@/features/privacy/components/access-log-section';
import { DownloadData } from '@/features/privacy/components/download-data-section';
import { DiscreetMailSetting } from '@/features/privacy/components/discreet-mail-setting';
import { PrivacySection } from '@/features/privacy/components/privacy-section';
import { QuestionnaireConsentSection } from '@/features/privacy/components/questionnaire-consent-section';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /integritet (docs/rules/privacy.md#privacy-page, decision 340): a client's or therapist's
 * own data, one section each, in the issue's order: the download, who has
 * read it, the mails' discretion, the questionnaire consent (clients) and
 * the erasure.
 */
export function PrivacyPage() {
  useDocumentTitle(PRIVACY_PAGE.title);
  const { data: user } = useCurrentUser();
  // The route guard shows this page only to a signed-in client or therapist.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-2 type-title text-stone-900">{PRIVACY_PAGE.title}</h1>
      <p className="mb-6 text-stone-700">{PRIVACY_PAGE.intro}</p>
      <div className="space-y-6">
        <PrivacySection title={DATA_RIGHTS_PAGE.download.title}>
          <DownloadData />
        </PrivacySection>
        <PrivacySection title={ACCESS_LOG_PAGE.title}>
          <AccessLogSection userType={user.type} />
        </PrivacySection>
        <PrivacySection title={PRIVACY_PAGE.discreetMail.title}>
          <DiscreetMailSetting user={user} />
        </PrivacySection>
        {user.type === 'CLIENT' ? (
          <PrivacySection title={CONSENT_PAGE.title}>
            <QuestionnaireConsentSection />
          </PrivacySection>
        ) : null}
        {/* Clients have no profile page: their calendar feed is here (decision 462). */}
        {user.type === 'CLIENT' ? <CalendarFeedSection /> : null}
        <PrivacySection title={DATA_RIGHTS_PAGE.erase.title}>
          <EraseAccount user={user} />
        </PrivacySection>
      </div>
    </div>
  );
}
