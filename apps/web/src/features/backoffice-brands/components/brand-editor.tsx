import type { AdminBrand } from '@apothecall/domain/brands/brands-admin.api';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { BrandConfirmDialog } from './brand-confirm-dialog';
import {
  AppSection,
  type BrandSectionProps,
  CareSection,
  HostsSection,
  IdentitySection,
  LookSection,
} from './brand-sections';
import { useBrandEditor } from './use-brand-editor';

/** A brand's form (a new one when there is no brand), read-only for whoever may not write. */
export function BrandEditor({
  brand,
  mayWrite,
}: {
  brand: AdminBrand | undefined;
  mayWrite: boolean;
}) {
  const t = useT();
  const { form, set, setApp, confirming, setConfirming, create, save, submit, confirm } =
    useBrandEditor(brand, mayWrite);
  const failure = create.error ?? save.error;
  const section: BrandSectionProps = { form, set, setApp, brand, mayWrite };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {brand ? brand.name : t('backoffice.brands.new')}
        </Title>
        {mayWrite ? null : <Text size="sm">{t('backoffice.brands.readOnly')}</Text>}
        <fieldset disabled={!mayWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <IdentitySection {...section} />
            <HostsSection {...section} />
            <LookSection {...section} />
            <AppSection {...section} />
            <CareSection {...section} />
          </Stack>
        </fieldset>
        {failure && !confirming ? (
          <Alert color="red" role="alert" data-testid="brand-error">
            {errorText(t, failure)}
          </Alert>
        ) : null}
        {mayWrite ? (
          <Group>
            <Button type="submit" loading={create.isPending} data-testid="brand-submit">
              {brand ? t('backoffice.brands.save') : t('backoffice.brands.create')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {confirming ? (
        <BrandConfirmDialog
          changes={confirming}
          onClose={() => setConfirming(undefined)}
          onConfirm={confirm}
          saving={save.isPending}
          error={save.isError ? save.error : null}
        />
      ) : null}
    </form>
  );
}
