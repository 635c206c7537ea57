import type { BrandCoupon, CreateCouponRequest } from '@apothecall/domain/brands/brand-offers.api';
import { type CouponKind, couponKinds } from '@apothecall/domain/brands/brand-offers.rules';
import { dollarsToCents } from '@apothecall/domain/pricing/pricing.rules';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Select,
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
import { formatCents, formatDateTime } from '../../../lib/payments/payment-format';
import {
  type CouponSave,
  useBrandCoupons,
  useSaveBrandCoupon,
  useToggleBrandCoupon,
} from '../api/offer-hooks';
import { LoadProblem } from './load-problem';

/** A number typed in a box; NaN (sent as null) when it is not one, so the server names the field. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** A calendar day (YYYY-MM-DD) as the end of that day in the reader's zone; null when empty. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : null);
const dayOf = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * The brand's coupons: code, offer, expiry, how often applied and whether a patient
 * may use it now; admin creates one, edits it (its kind and value only while nobody has applied
 * it), stops and restarts it. Support reads.
 */
export function CouponsSection({ brandId, mayWrite }: { brandId: string; mayWrite: boolean }) {
  const t = useT();
  const lang = useLang();
  const list = useBrandCoupons(brandId);
  const [editing, setEditing] = useState<string | null>(null);
  const toggle = useToggleBrandCoupon(brandId);

  const offer = (c: BrandCoupon) =>
    c.kind === 'free'
      ? t('brandOffers.coupons.offer.free')
      : c.kind === 'percent'
        ? t('brandOffers.coupons.offer.percent', { value: c.value })
        : t('brandOffers.coupons.offer.amount', { value: formatCents(c.value, lang) });
  const status = (c: BrandCoupon) =>
    !c.active ? 'inactive' : c.usable ? 'usable' : ('spent' as const);

  return (
    <SectionCard title={t('brandOffers.coupons.title')} testId="brand-coupons">
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <LoadProblem error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.coupons.length === 0 ? (
            <Text>{t('brandOffers.coupons.empty')}</Text>
          ) : (
            <ScrollRegion label={t('brandOffers.coupons.title')} minWidth={640}>
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('brandOffers.coupons.col.code')}</Table.Th>
                    <Table.Th>{t('brandOffers.coupons.col.offer')}</Table.Th>
                    <Table.Th>{t('brandOffers.coupons.col.expires')}</Table.Th>
                    <Table.Th>{t('brandOffers.coupons.col.used')}</Table.Th>
                    <Table.Th>{t('brandOffers.coupons.col.status')}</Table.Th>
                    {mayWrite ? <Table.Th /> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.coupons.map((c) => (
                    <Table.Tr key={c.code} data-testid={`coupon-${c.code}`}>
                      <Table.Td>
                        <Text fw={600}>{c.code}</Text>
                        {c.title ? <Text size="sm">{c.title}</Text> : null}
                      </Table.Td>
                      <Table.Td>{offer(c)}</Table.Td>
                      <Table.Td>
                        {c.expiresAt
                          ? formatDateTime(c.expiresAt, lang)
                          : t('brandOffers.coupons.never')}
                      </Table.Td>
                      <Table.Td>
                        {t('brandOffers.coupons.used', {
                          count: c.redemptions,
                          limit: c.maxRedemptions ?? t('brandOffers.coupons.unlimited'),
                        })}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={{ usable: 'green', inactive: 'gray', spent: 'orange' }[status(c)]}
                        >
                          {t(`brandOffers.coupons.status.${status(c)}`)}
                        </Badge>
                      </Table.Td>
                      {mayWrite ? (
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setEditing(editing === c.code ? null : c.code)}
                              aria-label={`${t('brandOffers.edit')} ${c.code}`}
                            >
                              {t('brandOffers.edit')}
                            </Button>
                            <Button
                              size="xs"
                              variant="light"
                              color={c.active ? 'red' : 'green'}
                              loading={toggle.isPending && toggle.variables?.code === c.code}
                              onClick={() => toggle.mutate(c)}
                              aria-label={`${t(c.active ? 'brandOffers.coupons.deactivate' : 'brandOffers.coupons.activate')} ${c.code}`}
                            >
                              {t(
                                c.active
                                  ? 'brandOffers.coupons.deactivate'
                                  : 'brandOffers.coupons.activate',
                              )}
                            </Button>
                          </Group>
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
            <CouponForm
              key={editing}
              brandId={brandId}
              feeCents={list.data.feeCents}
              coupon={list.data.coupons.find((c) => c.code === editing)}
              onDone={() => setEditing(null)}
            />
          ) : null}
          {mayWrite && !editing ? (
            <CouponForm brandId={brandId} feeCents={list.data.feeCents} onDone={() => undefined} />
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

/** A new coupon, or the changes to one (`coupon`): its kind and value fixed once applied. */
function CouponForm({
  brandId,
  feeCents,
  coupon,
  onDone,
}: {
  brandId: string;
  feeCents: number;
  coupon?: BrandCoupon | undefined;
  onDone: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [kind, setKind] = useState<CouponKind>(coupon?.kind ?? 'percent');
  const [value, setValue] = useState(
    coupon ? String(coupon.kind === 'amount' ? coupon.value / 100 : coupon.value) : '',
  );
  const [title, setTitle] = useState(coupon?.title ?? '');
  const [message, setMessage] = useState(coupon?.message ?? '');
  const [expires, setExpires] = useState(dayOf(coupon?.expiresAt ?? null));
  const [limit, setLimit] = useState(coupon?.maxRedemptions ? String(coupon.maxRedemptions) : '');
  const fixed = coupon?.redeemed === true;

  // What to send, built when asked (an error building it is the save's error, as before).
  const request = (): CouponSave => {
    try {
      const cents =
        kind === 'free' ? 0 : kind === 'amount' ? dollarsToCents(numberOf(value)) : numberOf(value);
      const common = {
        title,
        message,
        expiresAt: endOfDay(expires),
        maxRedemptions: limit.trim() === '' ? null : numberOf(limit),
      };
      if (!coupon) {
        const body: CreateCouponRequest = { code, kind, value: cents, ...common };
        return { create: body };
      }
      const unchangedExpiry = dayOf(coupon.expiresAt) === expires;
      return {
        code: coupon.code,
        update: {
          ...(fixed ? {} : { kind, value: cents }),
          title,
          message,
          ...(unchangedExpiry ? {} : { expiresAt: common.expiresAt }),
          maxRedemptions: common.maxRedemptions,
        },
      };
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  const save = useSaveBrandCoupon(brandId, {
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message: coupon
          ? t('brandOffers.saved')
          : t('brandOffers.coupons.created', { code: saved.code }),
      });
      if (!coupon) {
        setCode('');
        setValue('');
        setTitle('');
        setMessage('');
        setExpires('');
        setLimit('');
      }
      onDone();
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A limit that is not a number would be sent as null (no limit): say so here instead.
    const badLimit = limit.trim() !== '' && Number.isNaN(numberOf(limit));
    setProblem(badLimit ? t('brandOffers.coupon.field.maxRedemptions') : null);
    if (!badLimit) save.mutate(request());
  };
  return (
    <form onSubmit={submit} data-testid={coupon ? 'coupon-edit' : 'coupon-new'}>
      <Stack gap="xs">
        <Text fw={600}>
          {coupon ? `${t('brandOffers.edit')} ${coupon.code}` : t('brandOffers.coupons.add')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('brandOffers.coupons.label.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            disabled={coupon !== undefined}
            required
          />
          <Select
            label={t('brandOffers.coupons.label.kind')}
            data={couponKinds.map((k) => ({ value: k, label: t(`brandOffers.coupons.kind.${k}`) }))}
            value={kind}
            onChange={(v) => setKind((v as CouponKind | null) ?? 'percent')}
            allowDeselect={false}
            disabled={fixed}
          />
          {kind === 'free' ? null : (
            <TextInput
              label={
                kind === 'percent'
                  ? t('brandOffers.coupons.label.percent')
                  : t('brandOffers.coupons.label.amount', { fee: formatCents(feeCents, lang) })
              }
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              disabled={fixed}
              required
            />
          )}
        </SimpleGrid>
        {fixed ? <Text size="sm">{t('brandOffers.coupons.fixedValue')}</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
          <TextInput
            type="date"
            label={t('brandOffers.coupons.label.expires')}
            value={expires}
            onChange={(e) => setExpires(e.currentTarget.value)}
          />
          <TextInput
            inputMode="numeric"
            label={t('brandOffers.coupons.label.limit')}
            value={limit}
            onChange={(e) => setLimit(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {coupon ? t('brandOffers.save') : t('brandOffers.coupons.add')}
          </Button>
          {coupon ? (
            <Button variant="default" onClick={onDone}>
              {t('brandOffers.cancel')}
            </Button>
          ) : null}
        </Group>
        {problem || save.isError ? (
          <Alert color="red" role="alert">
            {problem ?? errorText(t, save.error)}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
