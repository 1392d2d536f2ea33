import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { accountText } from '@openride/shared/account/account-text';
import { uiText } from '@openride/shared/ui-text';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { useAccount } from '../api/account';
import { ContactsSection } from './contacts-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { PhoneSection } from './phone-section';
import { type AccountPlaceInput, PlacesSection } from './places-section';
import { ProfileSection } from './profile-section';
import type { Outcome } from './section';

/**
 * /account-settings (issue 15, decision 0058): one section per thing a person changes, each with its own save
 * and its own outcome. `placeInput` is the rides feature's place search and `privacy` the privacy feature's
 * sections (download my data, delete account), both composed in by the route module.
 */
export function AccountSettingsPage({ placeInput, privacy }: { placeInput?: AccountPlaceInput; privacy?: ReactNode }) {
  const account = useAccount();
  const [params] = useSearchParams();
  // Back from the email-change link: better-auth redirects to ?email=changed, adding &error=… when the link was bad.
  const landed: Outcome =
    params.get('email') === 'changed'
      ? params.get('error')
        ? { tone: 'error', text: accountText.email.linkFailed }
        : { tone: 'success', text: accountText.email.changed }
      : null;
  const page = uiText.pages.accountSettings;

  return (
    <PageContainer className="max-w-3xl px-3 sm:px-6">
      <PageHeading title={page.title} description={accountText.intro} />
      <QueryView query={account} loadFailed={accountText.loadFailed}>
        {(accountData) => (
          <div className="space-y-6">
            <ProfileSection account={accountData} />
            <PhoneSection account={accountData} />
            <EmailSection account={accountData} landed={landed} />
            <PasswordSection />
            <PlacesSection account={accountData} placeInput={placeInput} />
            <ContactsSection account={accountData} />
            <NotificationsSection account={accountData} />
            {privacy}
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}
