import '@mantine/core/styles.css';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loadScreenTexts, setLanguage } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session-store';
import { cleanupApp, renderWithApp, testQueryClient } from '../../../testing/render';
import { patientProfile } from '../../../testing/sessions';
import { checkPrepayCode } from '../api/check-prepay-code';
import { prepayListQueryKey } from '../api/get-prepay-list';
import { PrepayHomeScreen } from './prepay-home-screen';
import { RedeemScreen } from './redeem-screen';

vi.mock('../api/check-prepay-code', async (original) => ({
  ...(await original<typeof import('../api/check-prepay-code')>()),
  checkPrepayCode: vi.fn(),
}));

/**
 * The prepay screens as a patient reads them, in Chromium: a used access
 * token explains what is still possible and offers log in, registration and the treatments (or,
 * signed in, the patient's Rx visits), never a dead end; the prepay home speaks to a patient
 * about themselves and the people they choose, not about 'your patients'. English and Spanish.
 */
const profile = patientProfile();

const used = {
  en: 'This access token has already been used.',
  es: 'Este token de acceso ya fue utilizado.',
};

async function render(path: string) {
  const client = testQueryClient();
  client.setQueryData(prepayListQueryKey, []);
  const { host } = await renderWithApp(
    <Routes>
      <Route path="/redeem/:code" element={<RedeemScreen />} />
      <Route path="/prepay-home" element={<PrepayHomeScreen />} />
    </Routes>,
    { queryClient: client, route: path },
  );
  await expect.poll(() => host.querySelector('h1')).not.toBeNull();
  return host;
}

const links = (host: HTMLElement, testId: string) =>
  [...host.querySelectorAll(`[data-testid="${testId}"] a`)].map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ]);

beforeAll(async () => {
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
  clearSession();
  vi.mocked(checkPrepayCode).mockReset();
});

afterAll(() => setLanguage('en'));

describe('RedeemScreen with a used access token', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`explains and offers log in, registration and the treatments when signed out (${lang})`, async () => {
      await setLanguage(lang);
      vi.mocked(checkPrepayCode).mockRejectedValue(
        new ApiError(409, 'PREPAY_TOKEN_REFUSED', used[lang]),
      );
      const host = await render('/redeem/ABCDEFGH2345');
      await expect
        .poll(() => host.querySelector('[data-testid="redeem-refused"]')?.textContent)
        .toContain(used[lang]);
      const next = host.querySelector('[data-testid="redeem-refused-next"]');
      expect(next?.querySelector('p')?.textContent).toBe(
        lang === 'en'
          ? 'You can still see a provider: choose a treatment and pay by card. If this code already paid for your visit, log in to find it.'
          : 'Aun así puede consultar a un proveedor: elija un tratamiento y pague con tarjeta. Si este código ya pagó su consulta, inicie sesión para encontrarla.',
      );
      expect(links(host, 'redeem-refused-next')).toEqual(
        lang === 'en'
          ? [
              ['Log in', '/login'],
              ['Create an account', '/register'],
              ['See treatments', '/rx'],
            ]
          : [
              ['Iniciar sesión', '/login'],
              ['Crear una cuenta', '/register'],
              ['Ver tratamientos', '/rx'],
            ],
      );
    });
  }

  it('offers a signed-in patient their Rx visits and the treatments', async () => {
    await setLanguage('en');
    setSession({ token: 'session-token', profile });
    vi.mocked(checkPrepayCode).mockRejectedValue(
      new ApiError(409, 'PREPAY_TOKEN_REFUSED', used.en),
    );
    const host = await render('/redeem/ABCDEFGH2345');
    await expect
      .poll(() => links(host, 'redeem-refused-next'))
      .toEqual([
        ['My prescription visits', '/rxvisits'],
        ['See treatments', '/rx'],
      ]);
  });
});

describe('PrepayHomeScreen read by a patient', () => {
  it('speaks to the patient, not about their patients (en)', async () => {
    await setLanguage('en');
    setSession({ token: 'session-token', profile });
    const host = await render('/prepay-home');
    expect(host.textContent).not.toMatch(/patients/i);
    expect(host.textContent).toContain(
      'Pay for telemedicine visits in advance, for yourself, your family or people you choose.',
    );
    expect(host.textContent).toContain(
      'If the prescription is denied, the visit goes back to your program.',
    );
  });

  it('speaks to the patient, not about their patients (es)', async () => {
    await setLanguage('es');
    setSession({ token: 'session-token', profile });
    const host = await render('/prepay-home');
    expect(host.textContent).not.toMatch(/pacientes/i);
    expect(host.textContent).toContain(
      'Pague por adelantado consultas de telemedicina para usted, su familia o las personas que usted elija.',
    );
  });

  it('still speaks to a pharmacy about its patients', async () => {
    await setLanguage('en');
    setSession({ token: 'session-token', profile: { ...profile, role: 'pharmacyAdmin' } });
    const host = await render('/prepay-home');
    expect(host.textContent).toContain('Pay for your patients’ telemedicine visits in advance.');
  });
});
