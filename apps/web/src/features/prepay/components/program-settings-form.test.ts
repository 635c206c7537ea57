import type { PrepayProgramView } from '@apothecall/domain/prepay/prepay.api';
import { describe, expect, it } from 'vitest';
import { isMessageKey, loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import {
  checkSettings,
  draftFromProgram,
  type SettingsDraft,
  toggled,
  usesChannel,
} from './program-settings-form';

await loadLanguage('en');
await loadScreenTexts();

const off = { email: false, sms: false };
const program: PrepayProgramView = {
  id: '6a1f7f0e-4a5b-4c3d-9e8f-0a1b2c3d4e5f',
  code: 'ABCDEFGHJKMN',
  owner: true,
  authorized: false,
  balance: 40,
  visitCount: 50,
  visitsUsed: 10,
  programAmt: 2500,
  pharmacy: { id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', name: 'Sunrise Pharmacy' },
  pharmacies: [],
  createdAt: '2025-05-01T12:00:00Z',
  name: 'Flu drive',
  description: '',
  rewardAmt: 0,
  patientAmt: 1250,
  priceMsg: 'Pay at pickup',
  visitType: 'rx',
  perAccountLimit: 2,
  reuseIntervalDays: 25,
  lowBalanceLimit: 5,
  reasonRestriction: ['ldn'],
  pharmacyRestriction: [],
  checkoutMessage: '',
  notifications: {
    email: 'owner@sunrise.test',
    phone: null,
    lowBalance: { email: true, sms: false },
    prepayClaimed: off,
    prepayRx: off,
    prepayRxDenied: { email: true, sms: true },
  },
};

describe('the program settings form', () => {
  it('shows cents as dollars and empty addresses as empty boxes', () => {
    const draft = draftFromProgram(program);
    expect(draft.patientAmt).toBe('12.50');
    expect(draft.rewardAmt).toBe('');
    expect(draft.notifyPhone).toBe('');
    expect(draft.channels.prepayRxDenied).toEqual({ email: true, sms: true });
  });

  it('sends back exactly the settings it showed, when nothing changed', () => {
    const result = checkSettings(draftFromProgram(program), isMessageKey);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const {
      id: _id,
      code: _code,
      owner: _o,
      authorized: _a,
      balance: _b,
      visitCount: _v,
      visitsUsed: _u,
      programAmt: _p,
      pharmacy: _ph,
      pharmacies: _ps,
      createdAt: _c,
      ...settings
    } = program;
    expect(result.settings).toEqual(settings);
  });

  it('converts dollars to cents, empty boxes to 0 and empty addresses to null', () => {
    const draft: SettingsDraft = {
      ...draftFromProgram(program),
      rewardAmt: '3.5',
      patientAmt: '',
      perAccountLimit: '',
      notifyEmail: '  ',
      notifyPhone: '(305) 555 1234',
    };
    const result = checkSettings(draft, isMessageKey);
    expect(result.ok && result.settings).toMatchObject({
      rewardAmt: 350,
      patientAmt: 0,
      perAccountLimit: 0,
      notifications: { email: null, phone: '305-555-1234' },
    });
  });

  it('says which fields are wrong, in catalogue words', () => {
    const draft: SettingsDraft = {
      ...draftFromProgram(program),
      name: '  ',
      patientAmt: '12.345',
      reuseIntervalDays: '4000',
      lowBalanceLimit: '1.5',
      notifyEmail: 'owner-at-sunrise',
      notifyPhone: '12',
    };
    const result = checkSettings(draft, isMessageKey);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: { key: 'prepayUi.form.nameRequired' },
      patientAmt: { key: 'prepayUi.form.amountInvalid' },
      reuseIntervalDays: { key: 'prepayUi.form.wholeNumber', params: { max: 3650 } },
      lowBalanceLimit: { key: 'prepayUi.form.wholeNumber', params: { max: 10_000 } },
      notifyEmail: { key: 'validation.email.invalid' },
      notifyPhone: { key: 'validation.phone.invalid' },
    });
  });

  it('restricts to the own pharmacy with a checkbox, keeping the rest of the list', () => {
    const own = program.pharmacy?.id ?? '';
    expect(toggled([], own, true)).toEqual([own]);
    expect(toggled(['other', own], own, false)).toEqual(['other']);
    expect(toggled(['other', own], own, true)).toEqual(['other', own]);
  });

  it('knows when a channel is switched on for any notification', () => {
    const draft = draftFromProgram(program);
    expect(usesChannel(draft, 'sms')).toBe(true);
    expect(
      usesChannel({ ...draft, channels: { ...draft.channels, prepayRxDenied: off } }, 'sms'),
    ).toBe(false);
  });
});
