import { contrastRatio } from '@apothecall/domain/brands/brand-colors.rules';
import type { AdminBrand } from '@apothecall/domain/brands/brands-admin.api';
import { type BrandColorField, colorVerdict } from '@apothecall/domain/brands/brands-admin.rules';
import { usStates } from '@apothecall/domain/places/places.rules';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useUploadBrandLogo } from '../api';

/** A colour with its live verdict (the domain's rule): it reads, or the nearest that does. */
export function ColorField({
  field,
  value,
  onChange,
  mayWrite,
}: {
  field: BrandColorField;
  value: string;
  onChange: (value: string) => void;
  mayWrite: boolean;
}) {
  const t = useT();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  const verdict = valid ? colorVerdict(value) : undefined;
  const ratio = valid ? contrastRatio(value, '#ffffff').toFixed(1) : '';
  let note: ReactNode = null;
  if (verdict?.reads) {
    note = (
      <Text size="xs" c="green.9" data-testid={`brand-${field}-verdict`}>
        {t('backoffice.brands.color.reads', { ratio })}
      </Text>
    );
  } else if (verdict) {
    note = (
      <Stack gap={4} align="flex-start">
        <Text size="xs" c="red.9" data-testid={`brand-${field}-verdict`} role="status">
          {t('backoffice.brands.color.fails', { ratio, suggestion: verdict.suggestion })}
        </Text>
        {mayWrite ? (
          <Button size="compact-xs" variant="default" onClick={() => onChange(verdict.suggestion)}>
            {t('backoffice.brands.color.use', { suggestion: verdict.suggestion })}
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <ColorInput
        label={t(`backoffice.brands.label.${field}`)}
        format="hex"
        value={value}
        onChange={onChange}
        disabled={!mayWrite}
        withEyeDropper={false}
        data-testid={`brand-${field}`}
      />
      {note}
    </Stack>
  );
}

export function StatePicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange} data-testid={testId}>
      <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} mt="xs" spacing="xs">
        {usStates.map((state) => (
          <Checkbox
            key={state.code}
            value={state.code}
            label={`${state.code} · ${t(state.nameKey)}`}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** The logo: the current one and, for an admin, an upload (PNG, JPEG or WebP, up to 1 MB). */
export function LogoUpload({ brand, mayWrite }: { brand: AdminBrand; mayWrite: boolean }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadBrandLogo({
    onSuccess: () => {
      setFile(null);
      notifications.show({ color: 'green', message: t('backoffice.brands.logo.uploaded') });
    },
  });
  return (
    <Stack gap="xs">
      {brand.logoUrl ? (
        <Image
          src={brand.logoUrl}
          alt={t('brands.logoAlt', { brand: brand.name })}
          h={64}
          w="auto"
          fit="contain"
          style={{ alignSelf: 'flex-start' }}
          data-testid="admin-brand-logo"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('backoffice.brands.logo.none')}
        </Text>
      )}
      {mayWrite ? (
        <Group align="flex-end">
          <FileInput
            label={t('backoffice.brands.label.logo')}
            accept="image/png,image/jpeg,image/webp"
            value={file}
            onChange={setFile}
            clearable
            data-testid="brand-logo-file"
          />
          <Button
            variant="default"
            disabled={!file}
            loading={upload.isPending}
            onClick={() => file && upload.mutate({ id: brand.id, file })}
            data-testid="brand-logo-upload"
          >
            {t('backoffice.brands.logo.upload')}
          </Button>
        </Group>
      ) : null}
      {upload.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, upload.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
