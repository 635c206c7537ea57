import { link } from '@apothecall/domain/navigation/links';
import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { RxFlow } from './rx-flow';
import { errorText, textOf } from './rx-format';
import { offerCoversProduct } from './rx-prepay';
import { ProductCard } from './rx-product-card';
import type { RxCatalogue } from './use-rx-catalogue';

/**
 * The Rx screen under its title: loading or the failure, an unknown treatment, the chosen one's
 * flow (signed in) or log in and register (signed out), or the catalogue (what a held prepay
 * code pays for, or that it pays for none).
 */
export function RxCatalogueBody({ catalogue }: { catalogue: RxCatalogue }) {
  const t = useT();
  const { products, itemId, chosen, session, instoreCode, instore, pathname, offer } = catalogue;
  if (products.isPending) {
    return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  }
  if (products.isError) {
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs">
          <Text size="sm">
            {t('rxScreens.catalog.loadFailed', { message: errorText(t, products.error) })}
          </Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => void products.refetch()}>
            {t('rxScreens.catalog.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (itemId && !chosen) {
    return (
      <Alert color="yellow" role="alert">
        <Stack gap="xs">
          <Text size="sm">{t('rxScreens.catalog.unknownProduct')}</Text>
          <Button component={Link} to={pathname} size="xs" variant="light" w="fit-content">
            {t('rxScreens.catalog.chooseOther')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (chosen && session && instoreCode !== '' && !instore.data) {
    return instore.isError ? (
      <Alert color="red" role="alert" data-testid="rx-instore-error">
        {errorText(t, instore.error)}
      </Alert>
    ) : (
      <Loader role="status" size="sm" aria-label={t('shell.loading')} />
    );
  }
  if (chosen && session) return <RxChosenFlow catalogue={catalogue} chosen={chosen} />;
  if (chosen) return <RxSignedOut product={chosen} back={catalogue.linkTo(chosen.id)} />;
  if (catalogue.filtering && catalogue.offered.length === 0 && offer) {
    return (
      <Text size="sm" data-testid="rx-prepay-none-offered">
        {t('prepayRedeem.noneOffered', { programName: offer.programName })}
      </Text>
    );
  }
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      aria-label={t('rxUi.catalog.title')}
    >
      {catalogue.offered.map((product) => (
        <ProductCard key={product.id} product={product} to={catalogue.linkTo(product.id)} />
      ))}
    </SimpleGrid>
  );
}

/** The chosen treatment's flow, after a note when the held prepay code does not pay for it. */
function RxChosenFlow({ catalogue, chosen }: { catalogue: RxCatalogue; chosen: RxProductView }) {
  const t = useT();
  const { session, offer, pathname, link, instore, instoreCode } = catalogue;
  if (!session) return null;
  return (
    <>
      {offer && !offerCoversProduct(offer, chosen.id) ? (
        <Alert color="yellow" role="status" data-testid="rx-prepay-not-covered">
          <Stack gap="xs">
            <Text size="sm">
              {t('prepayRedeem.notCovered', { programName: offer.programName })}
            </Text>
            <Button component={Link} to={pathname} size="xs" variant="light" w="fit-content">
              {t('rxScreens.catalog.chooseOther')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <RxFlow
        key={chosen.id}
        session={session}
        product={chosen}
        link={link?.productId === chosen.id ? link : null}
        instore={
          instore.data && instore.data.productId === chosen.id
            ? { ...instore.data, code: instoreCode }
            : null
        }
      />
    </>
  );
}

/** A chosen treatment while logged out: register or log in, both coming back to it. */
function RxSignedOut({ product, back: to }: { product: RxProductView; back: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <Card withBorder radius="md" p="lg" data-testid="rx-signed-out">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {textOf(t, product.nameKey)}
        </Title>
        <Text>{textOf(t, product.descriptionKey)}</Text>
        <Text fw={700}>{formatCents(product.priceCents, lang)}</Text>
        <Text size="sm" c="dimmed">
          {t('rxScreens.catalog.signedOutHint')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={link('/register', { to })}>
            {t('rxUi.catalog.register')}
          </Button>
          <Button component={Link} to={link('/login', { to })} variant="default">
            {t('rxUi.catalog.login')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
