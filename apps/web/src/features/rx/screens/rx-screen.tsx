import { Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { clearHeldPrepayCode } from '../../../lib/prepay-code-store';
import { RxCatalogueBody } from '../components/rx-catalogue-body';
import { textOf } from '../components/rx-format';
import { RxPrepayBanner } from '../components/rx-prepay-banner';
import { useRxCatalogue } from '../components/use-rx-catalogue';

/**
 * /rx, /rx2, /testrx (spec section 2): the treatment catalogue (public while logged out), and
 * the flow of the treatment chosen (`itemId`). Logged out, a chosen treatment offers log in or
 * registration, both of which come back to it (the `to` of the login redirect). While a prepay
 * code is held (/redeem/{code}), a banner names the program that pays, the catalogue
 * shows only the treatments it pays for, and the code can be removed.
 */
export function RxScreen() {
  const t = useT();
  const catalogue = useRxCatalogue();
  const { chosen, held } = catalogue;
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
          offer={catalogue.offer}
          refusal={catalogue.refusal}
          filtering={catalogue.filtering && !chosen}
          onRemove={clearHeldPrepayCode}
        />
      ) : null}
      <RxCatalogueBody catalogue={catalogue} />
    </Stack>
  );
}
