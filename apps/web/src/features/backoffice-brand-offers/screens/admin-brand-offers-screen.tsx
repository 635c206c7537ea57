import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { CouponsSection } from '../components/coupons-section';
import { PlansSection } from '../components/plans-section';
import { ReferralsSection } from '../components/referrals-section';

/**
 * /admin/brands/:id/offers (the brands area): what a brand sells and at what price — its
 * coupons, its referral codes, its subscription plans and prices. A role that may change the
 * brands area (admin) creates and edits; support reads. Every change applies at once.
 */
export function AdminBrandOffersScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'brands', 'write');
  return (
    <Stack p="md" maw={1080} mx="auto" w="100%" data-screen="admin-brand-offers">
      <Anchor component={Link} to={link('/admin/brands/:id', { id })} size="sm">
        {t('brandOffers.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('brandOffers.title', { brand: id })}
      </Title>
      {mayWrite ? null : (
        <Alert color="blue" data-testid="offers-read-only">
          {t('brandOffers.readOnly')}
        </Alert>
      )}
      <CouponsSection brandId={id} mayWrite={mayWrite} />
      <ReferralsSection brandId={id} mayWrite={mayWrite} />
      <PlansSection brandId={id} mayWrite={mayWrite} />
    </Stack>
  );
}
