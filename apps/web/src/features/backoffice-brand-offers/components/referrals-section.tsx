import type { BrandReferral } from '@apothecall/domain/brands/brand-offers.api';
import { dollarsToCents } from '@apothecall/domain/pricing/pricing.rules';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import {
  useBrandReferrals,
  useSaveBrandReferral,
  useToggleBrandReferral,
} from '../api/offer-hooks';
import { LoadProblem } from './load-problem';

/** Dollars typed in a box as cents; null when empty (the usual fee), NaN when not a number. */
const priceOf = (text: string) =>
  text.trim() === '' ? null : dollarsToCents(Number(text.trim().replace(',', '.')));

/**
 * The brand's referral codes: the codes it hands out and its patients' own codes
 * (listed, not changed here); admin creates a code, changes its texts and price, retires it (kept
 * for the history that names it) and uses it again. Support reads.
 */
export function ReferralsSection({ brandId, mayWrite }: { brandId: string; mayWrite: boolean }) {
  const t = useT();
  const lang = useLang();
  const list = useBrandReferrals(brandId);
  const [editing, setEditing] = useState<string | null>(null);
  const toggle = useToggleBrandReferral(brandId);
  return (
    <SectionCard title={t('brandOffers.referrals.title')} testId="brand-referrals">
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.referrals.length === 0 ? (
            <Text>{t('brandOffers.referrals.empty')}</Text>
          ) : (
            <ScrollRegion label={t('brandOffers.referrals.title')} minWidth={560}>
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('brandOffers.referrals.col.code')}</Table.Th>
                    <Table.Th>{t('brandOffers.referrals.col.price')}</Table.Th>
                    <Table.Th>{t('brandOffers.referrals.col.owner')}</Table.Th>
                    <Table.Th>{t('brandOffers.referrals.col.status')}</Table.Th>
                    {mayWrite ? <Table.Th /> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.referrals.map((r) => (
                    <Table.Tr key={r.code} data-testid={`referral-${r.code}`}>
                      <Table.Td>
                        <Text fw={600}>{r.code}</Text>
                        {r.title ? <Text size="sm">{r.title}</Text> : null}
                      </Table.Td>
                      <Table.Td>
                        {r.priceCents === null
                          ? t('brandOffers.referrals.defaultPrice')
                          : formatCents(r.priceCents, lang)}
                      </Table.Td>
                      <Table.Td>
                        {t(
                          r.patientOwned
                            ? 'brandOffers.referrals.owner.patient'
                            : 'brandOffers.referrals.owner.brand',
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={r.active ? 'green' : 'gray'}>
                          {t(
                            r.active
                              ? 'brandOffers.referrals.active'
                              : 'brandOffers.referrals.inactive',
                          )}
                        </Badge>
                      </Table.Td>
                      {mayWrite ? (
                        <Table.Td>
                          {r.patientOwned ? null : (
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="default"
                                onClick={() => setEditing(editing === r.code ? null : r.code)}
                                aria-label={`${t('brandOffers.edit')} ${r.code}`}
                              >
                                {t('brandOffers.edit')}
                              </Button>
                              <Button
                                size="xs"
                                variant="light"
                                color={r.active ? 'red' : 'green'}
                                loading={toggle.isPending && toggle.variables?.code === r.code}
                                onClick={() => toggle.mutate(r)}
                                aria-label={`${t(r.active ? 'brandOffers.referrals.deactivate' : 'brandOffers.referrals.activate')} ${r.code}`}
                              >
                                {t(
                                  r.active
                                    ? 'brandOffers.referrals.deactivate'
                                    : 'brandOffers.referrals.activate',
                                )}
                              </Button>
                            </Group>
                          )}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          )}
          {toggle.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, toggle.error)}
            </Alert>
          ) : null}
          {mayWrite && editing ? (
            <ReferralForm
              key={editing}
              brandId={brandId}
              referral={list.data.referrals.find((r) => r.code === editing)}
              onDone={() => setEditing(null)}
            />
          ) : null}
          {mayWrite && !editing ? (
            <ReferralForm brandId={brandId} onDone={() => undefined} />
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

function ReferralForm({
  brandId,
  referral,
  onDone,
}: {
  brandId: string;
  referral?: BrandReferral | undefined;
  onDone: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState(referral?.code ?? '');
  const [title, setTitle] = useState(referral?.title ?? '');
  const [message, setMessage] = useState(referral?.message ?? '');
  const [linkMessage, setLinkMessage] = useState(referral?.linkMessage ?? '');
  const [price, setPrice] = useState(
    referral?.priceCents != null ? String(referral.priceCents / 100) : '',
  );
  const save = useSaveBrandReferral(brandId, {
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message: referral
          ? t('brandOffers.saved')
          : t('brandOffers.referrals.created', { code: saved.code }),
      });
      if (!referral) {
        setCode('');
        setTitle('');
        setMessage('');
        setLinkMessage('');
        setPrice('');
      }
      onDone();
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Not a number would be sent as null (the usual fee): say so here instead.
    const cents = priceOf(price);
    setProblem(
      cents !== null && Number.isNaN(cents) ? t('brandOffers.referral.field.price') : null,
    );
    if (cents === null || !Number.isNaN(cents)) {
      const body = { title, message, linkMessage, priceCents: priceOf(price) };
      save.mutate(referral ? { code: referral.code, update: body } : { create: { code, ...body } });
    }
  };
  return (
    <form onSubmit={submit} data-testid={referral ? 'referral-edit' : 'referral-new'}>
      <Stack gap="xs">
        <Text fw={600}>
          {referral ? `${t('brandOffers.edit')} ${referral.code}` : t('brandOffers.referrals.add')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('brandOffers.referrals.label.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            disabled={referral !== undefined}
            required
          />
          <TextInput
            label={t('brandOffers.referrals.label.price')}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
          />
          <TextInput
            label={t('brandOffers.label.title')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Textarea
            label={t('brandOffers.label.message')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={1}
          />
          <Textarea
            label={t('brandOffers.referrals.label.linkMessage')}
            value={linkMessage}
            onChange={(e) => setLinkMessage(e.currentTarget.value)}
            autosize
            minRows={1}
          />
        </SimpleGrid>
        <ReferralFormFooter
          editing={referral !== undefined}
          pending={save.isPending}
          onCancel={onDone}
          failure={problem || save.isError ? (problem ?? errorText(t, save.error)) : null}
        />
      </Stack>
    </form>
  );
}

/** The form's save (and, when editing, cancel) and what went wrong, if anything. */
function ReferralFormFooter({
  editing,
  pending,
  onCancel,
  failure,
}: {
  editing: boolean;
  pending: boolean;
  onCancel: () => void;
  failure: string | null;
}) {
  const t = useT();
  return (
    <>
      <Group>
        <Button type="submit" loading={pending}>
          {editing ? t('brandOffers.save') : t('brandOffers.referrals.add')}
        </Button>
        {editing ? (
          <Button variant="default" onClick={onCancel}>
            {t('brandOffers.cancel')}
          </Button>
        ) : null}
      </Group>
      {failure !== null ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
    </>
  );
}
