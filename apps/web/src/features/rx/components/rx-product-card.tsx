import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { textOf } from './rx-format';

/** A treatment of the catalogue: its name, description, price and Choose. */
export function ProductCard({ product, to }: { product: RxProductView; to: string }) {
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
