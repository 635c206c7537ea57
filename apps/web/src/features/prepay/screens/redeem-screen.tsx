import { link } from '@apothecall/domain/navigation/links';
import type { PrepayOffer } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Button, Card, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorText } from '../../../lib/api-client';
import { useBrandState } from '../../../lib/brand-store';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { clearHeldPrepayCodeIf, holdPrepayCode } from '../../../lib/prepay-code-store';
import { checkTypedCode } from '../../../lib/prepay-offer';
import { useSession } from '../../../lib/session-store';
import { useCheckPrepayCode } from '../api/use-check-prepay-code';
import { treatmentNames } from '../components/redeem-code';
import { RedeemCodeForm } from '../components/redeem-code-form';

/** Where the patient goes next: the Rx catalogue, which then shows what the code pays for. */
const rxPath = '/rx';

/** The server refused the code itself (unknown, used, limits): another code may do. */
function refusesCode(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function OfferFacts({ label, items, any }: { label: string; items: string[]; any: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700}>
        {label}
      </Text>
      {items.length === 0 ? (
        <Text size="sm">{any}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function OfferCard({
  code,
  offer,
  signedIn,
}: {
  code: string;
  offer: PrepayOffer;
  signedIn: boolean;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="redeem-offer">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('prepayRedeem.prepaid', { programName: offer.programName })}
          </Title>
          <Text size="sm" c="dimmed" data-testid="redeem-code">
            {t('prepayRedeem.code', { code })}
          </Text>
        </Stack>
        {offer.checkoutMessage.trim() !== '' ? (
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="redeem-checkout-message">
            {offer.checkoutMessage}
          </Text>
        ) : null}
        <Stack gap={4} data-testid="redeem-price">
          <Text size="sm">{t('prepayRedeem.visitFree')}</Text>
          {offer.patientAmt > 0 ? (
            <Text size="sm" fw={700}>
              {t('prepayRedeem.patientAmt', { amount: formatCents(offer.patientAmt, lang) })}
            </Text>
          ) : null}
          {offer.priceMsg.trim() !== '' ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {offer.priceMsg}
            </Text>
          ) : null}
        </Stack>
        <OfferFacts
          label={t('prepayRedeem.treatments')}
          items={treatmentNames(offer.productIds, t)}
          any={t('prepayRedeem.treatmentsAny')}
        />
        <OfferFacts
          label={t('prepayRedeem.pharmacies')}
          items={offer.pharmacies.map((pharmacy) => pharmacy.name)}
          any={t('prepayRedeem.pharmaciesAny')}
        />
        <Text size="sm" c="dimmed">
          {signedIn ? t('prepayRedeem.nextSignedIn') : t('prepayRedeem.nextSignedOut')}
        </Text>
        {signedIn ? (
          <Button component={Link} to={rxPath} w={{ base: '100%', xs: 'fit-content' }}>
            {t('prepayRedeem.start')}
          </Button>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button component={Link} to={link('/register', { to: rxPath })}>
              {t('prepayRedeem.register')}
            </Button>
            <Button component={Link} to={link('/login', { to: rxPath })} variant="default">
              {t('prepayRedeem.login')}
            </Button>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A code that cannot be used is no dead end: what the patient can still do
 * (a visit paid by card; a visit the code already paid for), and the ways there: log in,
 * register (when the brand offers it) and the treatments; signed in, their Rx visits.
 */
function RefusedWaysOn({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const brand = useBrandState();
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="redeem-refused-next">
      <Stack gap="sm">
        <Text size="sm">
          {signedIn
            ? t('prepayRedeem.refusedNextSignedIn')
            : t('prepayRedeem.refusedNextSignedOut')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: signedIn ? 2 : 3 }} spacing="xs">
          {signedIn ? (
            <Button component={Link} to={link('/rxvisits')} variant="default">
              {t('prepayRedeem.myVisits')}
            </Button>
          ) : (
            <>
              <Button component={Link} to={link('/login')} variant="default">
                {t('prepayRedeem.login')}
              </Button>
              {brand.registerEnabled ? (
                <Button component={Link} to={link('/register')} variant="default">
                  {t('prepayRedeem.register')}
                </Button>
              ) : null}
            </>
          )}
          <Button component={Link} to={rxPath}>
            {t('prepayRedeem.browse')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * /redeem/{code} (public): the link a pharmacy's access token is sent with. The code
 * is checked (POST /prepay-redeem/check, logged in or not) and held for the tab, so the Rx
 * catalogue shows what it pays for and the payment step applies it; then registration or login
 * (both come back to /rx), or the visit at once when signed in. A code that cannot be used
 * shows why, in the server's words, the ways on (RefusedWaysOn) and a field for another one.
 */
export function RedeemScreen() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const otherTitleId = useId();
  const { code: raw = '' } = useParams();
  const typed = checkTypedCode(raw, isMessageKey);
  const code = typed.ok ? typed.code : '';
  const check = useCheckPrepayCode(code, {
    enabled: typed.ok,
    staleTime: 0,
    retry: (count, error) => !refusesCode(error) && count < 2,
  });
  const offer = check.data;
  const refused = check.isError && refusesCode(check.error);

  useEffect(() => {
    if (code && offer) holdPrepayCode(code, offer);
  }, [code, offer]);
  useEffect(() => {
    if (code && refused) clearHeldPrepayCodeIf(code);
  }, [code, refused]);

  const anotherCode = (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={otherTitleId}>
          {t('prepayRedeem.otherCode')}
        </Title>
        <RedeemCodeForm
          labelledBy={otherTitleId}
          onCode={(next) => navigate(link('/redeem/:code', { code: next }))}
        />
      </Stack>
    </Card>
  );

  let body: ReactNode;
  if (!typed.ok || refused) {
    body = (
      <>
        <Alert
          color="red"
          role="alert"
          title={t('prepayRedeem.invalidTitle')}
          data-testid="redeem-refused"
        >
          {typed.ok ? errorText(t, check.error) : t(typed.key)}
        </Alert>
        <RefusedWaysOn signedIn={session !== null} />
        {anotherCode}
      </>
    );
  } else if (check.isPending) {
    body = <Loader role="status" size="sm" aria-label={t('prepayRedeem.checking')} />;
  } else if (check.isError) {
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs">
          <Text size="sm">
            {t('prepayRedeem.loadFailed', { message: errorText(t, check.error) })}
          </Text>
          <Button size="xs" variant="light" w="fit-content" onClick={() => void check.refetch()}>
            {t('prepayRedeem.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = <OfferCard code={code} offer={check.data} signedIn={session !== null} />;
  }

  return (
    <Stack p="md" maw={640} mx="auto" w="100%" data-screen="redeem">
      <Title order={1} size="h2">
        {t('prepayRedeem.title')}
      </Title>
      {body}
    </Stack>
  );
}
