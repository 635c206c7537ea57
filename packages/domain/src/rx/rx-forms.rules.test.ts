import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog';
import { rxFormRequestInputSchema } from './rx-forms.api';
import {
  comparableName,
  currentRxFormVersion,
  rxFormById,
  rxFormCatalogue,
  rxFormVersion,
  signatureMatches,
} from './rx-forms.rules';

describe('the form catalogue', () => {
  it('has a title and a text in both languages for every version, with the names filled in', () => {
    for (const form of rxFormCatalogue) {
      for (const version of form.versions) {
        expect(version.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const lang of ['en', 'es'] as const) {
          expect(translate(lang, version.titleKey).length).toBeGreaterThan(10);
          const body = translate(lang, version.bodyKey, {
            pharmacy: 'Sunrise Pharmacy',
            patient: 'Iris Calder',
            designee: 'Ana López',
          });
          expect(body).toContain('Sunrise Pharmacy');
          expect(body).toContain('Iris Calder');
          expect(body.includes('Ana López')).toBe(form.needsDesignee);
          expect(body).not.toMatch(/[{}]/);
        }
      }
    }
  });

  it('finds the current and any stored version', () => {
    const pickup = rxFormById('pickupAuthorization');
    expect(pickup?.needsDesignee).toBe(true);
    expect(pickup && currentRxFormVersion(pickup).version).toBe('2026-11-01');
    expect(rxFormVersion('hipaaNotice', '2026-11-01')?.titleKey).toBe(
      'rxForms.form.hipaaNotice.2026-11-01.title',
    );
    expect(rxFormVersion('hipaaNotice', '1999-01-01')).toBeUndefined();
    expect(rxFormById('taxReturn')).toBeUndefined();
  });

  it('needs a designee for the pick-up authorization and none for the acknowledgement', () => {
    expect(rxFormRequestInputSchema.safeParse({ formId: 'pickupAuthorization' }).success).toBe(
      false,
    );
    expect(
      rxFormRequestInputSchema.safeParse({
        formId: 'pickupAuthorization',
        designeeName: "José O'Neil-Díaz",
      }).success,
    ).toBe(true);
    expect(
      rxFormRequestInputSchema.safeParse({ formId: 'hipaaNotice', designeeName: 'Ana' }).success,
    ).toBe(false);
    expect(
      rxFormRequestInputSchema.safeParse({ formId: 'pickupAuthorization', designeeName: 'Ana <b>' })
        .success,
    ).toBe(false);
  });
});

describe('signatureMatches', () => {
  const signer = { firstName: 'José', lastName: "O'Neil" };
  it('ignores case, accents, punctuation and spacing', () => {
    expect(comparableName("  JOSE   o'neil ")).toBe('jose oneil');
    expect(signatureMatches('jose oneil', signer)).toBe(true);
    expect(signatureMatches("José O'Neil", signer)).toBe(true);
  });
  it('refuses another name, a partial name or the name reversed', () => {
    expect(signatureMatches('Jose', signer)).toBe(false);
    expect(signatureMatches('Oneil Jose', signer)).toBe(false);
    expect(signatureMatches('Jose ONeal', signer)).toBe(false);
    expect(signatureMatches('', { firstName: '', lastName: '' })).toBe(false);
  });
});
