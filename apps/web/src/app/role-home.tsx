import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
import { SimpleGrid } from '@mantine/core';
import { Suspense } from 'react';
import {
  AccountCard,
  FamilyCard,
  HomeScreen,
  LocationCard,
} from '../features/accounts/screens/home-screen';
import { ConsoleHomeSection } from '../features/backoffice-people/components/console-home-section';
import { ClinicHomeCard, GetCareNowCard } from '../features/care/components/care-home-cards';
import { ActiveVisitBanner } from '../features/care/components/waiting-active-banner';
import { HomeCountsCard } from '../features/home/components/home-counts-card';
import { RecentNotesCard } from '../features/notes/components/recent-notes-card';
import { ReferredSummaryCard } from '../features/payments/components/referred-summary-card';
import { PharmacyHomeCard } from '../features/pharmacy/components/pharmacy-home-card';
import { RxHomeCard, RxReviewsHomeCard } from '../features/rx/components/rx-home-cards';
import { MembershipHomeCard } from '../features/subscriptions/components/membership-home-card';
import { useBrandState } from '../lib/brand-store';
import { useT } from '../lib/i18n';
import { lazyChunk } from '../lib/lazy-chunk';
import { currentPerson, type StoredSession } from '../lib/session-store';

/**
 * Announcements are for pharmacies (the card) and the platform admin (the writing form, with its
 * state picker and date input): loaded only for them, so a patient's Home does not carry them.
 */
const AnnouncementsHomeCard = lazyChunk(() =>
  import('../features/announcements/components/announcements-home-card').then(
    (m) => m.AnnouncementsHomeCard,
  ),
);
const AnnouncementsAdminSection = lazyChunk(() =>
  import('../features/announcements/components/announcements-admin-section').then(
    (m) => m.AnnouncementsAdminSection,
  ),
);

/**
 * Each role's Home, what that person needs first: a patient's visit in progress, a
 * clear 'Get care now', their latest notes, location, family and membership; a
 * provider's duty switch and queue; a pharmacy's prescriptions, links (and, for its
 * administrator, pharmacists); a pharmacy's and an rx admin's referred visits; everyone's
 * account; every staff Home opens with the counts of what the role acts on (HomeCountsCard).
 * Areas not built yet have no card (the navigation does not offer them either).
 */
export function RoleHome({ session }: { session: StoredSession }) {
  const t = useT();
  const brand = useBrandState();
  const workspace = workspaceOf(session.profile.role);
  if (workspace === 'patient') {
    const person = currentPerson(session);
    return (
      <HomeScreen session={session}>
        <ActiveVisitBanner />
        <GetCareNowCard />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RxHomeCard />
          <RecentNotesCard key={`notes-${person.id}`} person={person} />
          <LocationCard key={person.id} ptId={person.id} name={person.name} />
          <FamilyCard person={person} />
          {/* Last: it appears only once the brand's plans are known (and only if it sells
              them); above the others it pushed them 156 px down under the patient's finger
              (docs/performance.md, Lighthouse). */}
          <MembershipHomeCard />
        </SimpleGrid>
      </HomeScreen>
    );
  }
  const brandName = brand.name ?? t('shell.appName');
  return (
    <HomeScreen session={session} staffOf={brandName}>
      {/* What the role has to act on, counted, each leading to its screen. */}
      <HomeCountsCard />
      {workspace === 'pharmacy' ? (
        <Suspense fallback={null}>
          <AnnouncementsHomeCard />
        </Suspense>
      ) : null}
      {workspace === 'provider' ? <ClinicHomeCard /> : null}
      {workspace === 'provider' ? <RxReviewsHomeCard /> : null}
      {workspace === 'pharmacy' ? (
        <PharmacyHomeCard admin={session.profile.role === 'pharmacyAdmin'} />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {workspace === 'pharmacy' || workspace === 'rxAdmin' ? <ReferredSummaryCard /> : null}
        <AccountCard />
      </SimpleGrid>
      {workspace === 'admin' ? <ConsoleHomeSection role={session.profile.role} /> : null}
      {session.profile.role === 'admin' ? (
        <Suspense fallback={null}>
          <AnnouncementsAdminSection />
        </Suspense>
      ) : null}
    </HomeScreen>
  );
}
