import '@mantine/core/styles.css';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { PharmacyMe } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts, setLanguage, translate } from '../../../lib/i18n';
import { cleanupApp, renderWithApp } from '../../../testing/render';
import { AssessmentIntake } from './assessment-screen';

/**
 * The in-store assessment's intake in Chromium, in English and Spanish:
 * an unverified pharmacy is told what verification needs, who verifies and how to ask for it
 * (not "See 'About the pharmacy program'", a page that does not exist) and gets no form; a
 * verified one chooses the patient's state first, and a refused state (NY; one the pharmacy
 * takes no visits from; one outside a pharmacist's grant) is refused before any other field
 * appears. An allowed state opens the whole intake.
 */
const me = (over: { verified?: boolean; grant?: PharmacyMe['grant'] } = {}): PharmacyMe => ({
  error: false,
  organization: {
    id: 'sunrise-pharmacy',
    name: 'Sunrise Pharmacy',
    ncpdpId: '1234567',
    npi: '1234567893',
    city: 'Miami',
    state: 'FL',
    acceptsErx: true,
    verified: over.verified ?? true,
    serviceStates: ['FL', 'GA', 'NY'],
    prepayBalance: 5000,
    claimFee: 500,
  },
  role: over.grant ? 'pharmacist' : 'pharmacyAdmin',
  grant: over.grant ?? null,
});

async function render(value: PharmacyMe) {
  const { host } = await renderWithApp(<AssessmentIntake me={value} />);
  await expect.poll(() => host.textContent ?? '').not.toBe('');
  return host;
}

/** Chooses an option of a React-controlled select as a person would. */
function choose(select: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const stateSelect = (host: HTMLElement) =>
  host.querySelector<HTMLSelectElement>('[data-testid="assessment-state"]');
const text = (host: HTMLElement, testId: string) =>
  host.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
/** Whether a field labelled `name` is shown (a required field's label ends with ' *'). */
const hasField = (host: HTMLElement, name: string) =>
  [...host.querySelectorAll('label')].some(
    (l) => (l.textContent ?? '').replace(/ \*$/, '') === name,
  );

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

afterAll(async () => {
  await setLanguage('en');
});

describe.each(['en', 'es'] as const)('AssessmentIntake (%s)', (lang: Lang) => {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(lang, key, params);

  beforeAll(async () => {
    await setLanguage(lang);
  });

  it('tells an unverified pharmacy what verification needs and how to ask, with no form', async () => {
    const host = await render(me({ verified: false }));
    const notice = text(host, 'assessment-unverified');
    expect(notice).toBe(t('pharmacy.unverified'));
    expect(notice).not.toMatch(/About the pharmacy program|Acerca del programa/);
    // What it needs (the registry's fields), who verifies, how to ask.
    expect(notice).toContain('NCPDP');
    expect(notice).toContain('Apothecall');
    expect(notice).toMatch(
      lang === 'en' ? /To ask for verification, your pharmacy's administrator/ : /Para pedir/,
    );
    expect(host.querySelector('form')).toBeNull();
    expect(host.querySelector('[data-testid="assessment-state"]')).toBeNull();
  });

  it('asks for the state first, and refuses NY before any other field is shown', async () => {
    const host = await render(me());
    expect(text(host, 'assessment-state-first')).toBe(t('assessmentUi.stateFirst'));
    expect(hasField(host, t('assessmentUi.firstName'))).toBe(false);
    const select = stateSelect(host);
    expect(select).not.toBeNull();
    if (!select) return;
    choose(select, 'NY');
    await expect
      .poll(() => text(host, 'assessment-refused'))
      .toBe(t('assessment.stateUnavailable', { state: 'NY' }));
    expect(hasField(host, t('assessmentUi.firstName'))).toBe(false);
    expect(host.querySelector('[data-testid="assessment-submit"]')).toBeNull();
  });

  it("refuses a state the pharmacy takes no visits from and one outside a pharmacist's grant", async () => {
    const host = await render(me({ grant: { states: ['FL'], links: [], claimedOnly: false } }));
    const select = stateSelect(host);
    if (!select) throw new Error('no state select');
    choose(select, 'TX');
    await expect
      .poll(() => text(host, 'assessment-refused'))
      .toBe(t('pharmacy.rx.notAvailable', { state: 'TX' }));
    choose(select, 'GA');
    await expect
      .poll(() => text(host, 'assessment-refused'))
      .toBe(t('assessment.stateNotGranted', { state: 'GA' }));
    expect(hasField(host, t('assessmentUi.firstName'))).toBe(false);
  });

  it('opens the whole intake for a state it may assess', async () => {
    const host = await render(me());
    const select = stateSelect(host);
    if (!select) throw new Error('no state select');
    choose(select, 'FL');
    await expect.poll(() => hasField(host, t('assessmentUi.firstName'))).toBe(true);
    expect(host.querySelector('[data-testid="assessment-refused"]')).toBeNull();
    expect(text(host, 'assessment-submit')).toBe(t('assessmentUi.submit'));
  });
});
