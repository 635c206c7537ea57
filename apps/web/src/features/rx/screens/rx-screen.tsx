import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { getEntryReferral } from '../../../lib/brand-store';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { clearHeldPrepayCode, holdPrepayCode } from '../../../lib/prepay-code-store';
import { useHeldPrepay } from '../../../lib/prepay-offer';
import { useSession } from '../../../lib/session-store';
import { instoreStartQueryKey, startInstoreVisit } from '../../assessments/api/start-instore-visit';
import { checkPrepayCode, prepayCodeCheckQueryKey } from '../../prepay/api/check-prepay-code';
import { getProductInfo, productInfoQueryKey } from '../api/get-product-info';
import { RxFlow } from '../components/rx-flow';
import { errorText, textOf } from '../components/rx-format';
import { offerCoversProduct, productsForOffer } from '../components/rx-prepay';
import { RxPrepayBanner } from '../components/rx-prepay-banner';

function ProductCard({ product, to }: { product: RxProductView; to: string }) {
  const t = useT();
  const lang = useLang();
  const name = textOf(t, product.nameKey);
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="md"
      data-testid="rx-product"
      data-product={product.id}
    >
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {name}
          </Title>
          <Text size="sm">{textOf(t, product.descriptionKey)}</Text>
        </Stack>
        <Group justify="space-between" gap="xs">
          <Text fw={700}>
            <Text span size="sm" c="dimmed" fw={400}>
              {t('rxScreens.catalog.priceLabel')}:{' '}
            </Text>
            {formatCents(product.priceCents, lang)}
          </Text>
          <Button
            component={Link}
            to={to}
            aria-label={t('rxScreens.catalog.chooseLabel', { product: name })}
          >
            {t('rxUi.catalog.choose')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /rx, /rx2, /testrx (spec section 2): the treatment catalogue (public while logged out), and
 * the flow of the treatment chosen (`itemId`). Logged out, a chosen treatment offers log in or
 * registration, both of which come back to it (the `to` of the login redirect). While a prepay
 * code is held (issue 16, /redeem/{code}), a banner names the program that pays, the catalogue
 * shows only the treatments it pays for, and the code can be removed.
 */
export function RxScreen() {
  const t = useT();
  const lang = useLang();
  const session = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const itemId = params.get('itemId');
  const referral = params.get('id') ?? getEntryReferral()?.code ?? null;
  const products = useQuery({
    queryKey: productInfoQueryKey(referral),
    queryFn: () => getProductInfo(referral),
    staleTime: 5 * 60_000,
  });
  // A pharmacy's Rx link (/rx?id=<link>): its treatment only, and the visit goes to its pharmacy.
  const link = products.data?.link ?? null;
  const chosen = itemId ? products.data?.products.find((p) => p.id === itemId) : undefined;
  // A pharmacy's in-store assessment link (/rx?itemId=&instore=<code>, issue 20): the intake's
  // answers, its pharmacy and its state, for the signed-in patient the link is theirs.
  const instoreCode = params.get('instore') ?? '';
  const instore = useQuery({
    queryKey: instoreStartQueryKey(instoreCode),
    queryFn: () => startInstoreVisit(instoreCode),
    enabled: instoreCode !== '' && session !== null,
    retry: false,
  });
  // The link or referral the catalogue was opened with stays in the address (a reload keeps it).
  const entryId = params.get('id');
  const linkTo = (id: string) =>
    `${pathname}?${entryId ? `id=${encodeURIComponent(entryId)}&` : ''}itemId=${encodeURIComponent(id)}`;

  // The held prepay code; its offer is checked again only when none is known for it.
  const held = useHeldPrepay();
  const heldCode = held?.code ?? '';
  const heldCheck = useQuery({
    queryKey: prepayCodeCheckQueryKey(heldCode),
    queryFn: () => checkPrepayCode(heldCode),
    enabled: held !== null && held.offer === null,
    retry: false,
  });
  useEffect(() => {
    if (heldCode && heldCheck.data) holdPrepayCode(heldCode, heldCheck.data);
  }, [heldCode, heldCheck.data]);
  const offer = held?.offer ?? null;
  const refusal =
    held && !held.offer && heldCheck.error instanceof ApiError ? heldCheck.error.message : null;
  const offered = productsForOffer(products.data?.products ?? [], offer);
  const filtering = offer !== null && offer.productIds.length > 0;

  let body: ReactNode;
  if (products.isPending) {
    body = <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  } else if (products.isError) {
    body = (
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
  } else if (itemId && !chosen) {
    body = (
      <Alert color="yellow" role="alert">
        <Stack gap="xs">
          <Text size="sm">{t('rxScreens.catalog.unknownProduct')}</Text>
          <Button component={Link} to={pathname} size="xs" variant="light" w="fit-content">
            {t('rxScreens.catalog.chooseOther')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (chosen && session && instoreCode !== '' && !instore.data) {
    body = instore.isError ? (
      <Alert color="red" role="alert" data-testid="rx-instore-error">
        {errorText(t, instore.error)}
      </Alert>
    ) : (
      <Loader role="status" size="sm" aria-label={t('shell.loading')} />
    );
  } else if (chosen && session) {
    body = (
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
  } else if (chosen) {
    const back = encodeURIComponent(linkTo(chosen.id));
    body = (
      <Card withBorder radius="md" p="lg" data-testid="rx-signed-out">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {textOf(t, chosen.nameKey)}
          </Title>
          <Text>{textOf(t, chosen.descriptionKey)}</Text>
          <Text fw={700}>{formatCents(chosen.priceCents, lang)}</Text>
          <Text size="sm" c="dimmed">
            {t('rxScreens.catalog.signedOutHint')}
          </Text>
          <Group gap="xs">
            <Button component={Link} to={`/register?to=${back}`}>
              {t('rxUi.catalog.register')}
            </Button>
            <Button component={Link} to={`/login?to=${back}`} variant="default">
              {t('rxUi.catalog.login')}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  } else if (filtering && offered.length === 0 && offer) {
    body = (
      <Text size="sm" data-testid="rx-prepay-none-offered">
        {t('prepayRedeem.noneOffered', { programName: offer.programName })}
      </Text>
    );
  } else {
    body = (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label={t('rxUi.catalog.title')}
      >
        {offered.map((product) => (
          <ProductCard key={product.id} product={product} to={linkTo(product.id)} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="rx">
      <Title order={1} size="h2">
        {chosen
          ? t('rxUi.flow.title', { product: textOf(t, chosen.nameKey) })
          : t('rxUi.catalog.title')}
      </Title>
      {chosen ? null : <Text c="dimmed">{t('rxUi.catalog.lead')}</Text>}
      {held ? (
        <RxPrepayBanner
          code={held.code}
          offer={offer}
          refusal={refusal}
          filtering={filtering && !chosen}
          onRemove={clearHeldPrepayCode}
        />
      ) : null}
      {body}
    </Stack>
  );
}
