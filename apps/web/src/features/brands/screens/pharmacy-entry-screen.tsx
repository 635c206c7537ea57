import { link } from '@apothecall/domain/navigation/links';
import { Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getBrand } from '../../../lib/brand-store';
import { useT } from '../../../lib/i18n';
import { loadBrand } from '../load-brand';

/** '/pharmacy?company=KEY': loads that pharmacy's white-label, then goes to '/' (spec section 2). */
export function PharmacyEntryScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const company =
    query.get('company') ?? new URLSearchParams(window.location.search).get('company');

  useEffect(() => {
    let cancelled = false;
    void loadBrand(company).then((applied) => {
      if (cancelled) return;
      // Moved first: an error toast belongs to the screen it is shown on (app/error-toasts.ts).
      navigate(link('/'), { replace: true });
      if (!applied) {
        const brand = getBrand().whiteLabel?.id ?? t('shell.appName');
        notifications.show({ color: 'red', message: t('brands.pharmacy.notFound', { brand }) });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [company, navigate, t]);

  return (
    <Stack align="center" p="xl" data-screen="pharmacy-entry">
      <Loader aria-hidden />
      <Text role="status">{t('brands.pharmacy.loading')}</Text>
    </Stack>
  );
}
