import { translate } from '@apothecall/domain/i18n/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loadLanguage, loadScreenTexts, translator } from '../../../lib/i18n';
import { answerInWords, errorText, productName, stateLabel, statusText, textOf } from './rx-format';

const en = translator('en', translate);
const es = translator('es', translate);

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

describe('Rx labels', () => {
  it('names a treatment from the catalogue, an unknown one as given', () => {
    expect(productName(en, 'ldn')).toBe('Low Dose Naltrexone (LDN)');
    expect(productName(es, 'prep')).toBe(translate('es', 'rx.product.prep.name'));
    expect(productName(en, 'mystery')).toBe('mystery');
  });

  it('reads option ids of an answer as the question’s labels, text as written', () => {
    expect(answerInWords(en, 'ldn', { id: 'ldnCondition', data: ['fibromyalgia'] })).toBe(
      'Fibromyalgia',
    );
    expect(answerInWords(en, 'ldn', { id: 'ldnRecords', data: 'yes' })).toBe('Yes');
    expect(answerInWords(es, 'ldn', { id: 'ldnOpioids', data: 'no' })).toBe('No');
    expect(answerInWords(en, 'cialis', { id: 'edOption', data: 'Cialis 5 mg x90' })).toBe(
      'Cialis 5 mg x90',
    );
    expect(answerInWords(en, 'ldn', { id: 'medications', data: 'metformin 500 mg' })).toBe(
      'metformin 500 mg',
    );
    expect(
      answerInWords(en, 'ldn', { id: 'conditions', data: ['type2Diabetes', 'hypertension'] }),
    ).toBe('Type 2 diabetes, Hypertension');
  });

  it('says a status as the patient reads it, and a state by name', () => {
    expect(statusText(en, 'waiting')).toBe('Pending medical review');
    expect(statusText(en, 'exit')).toBe('Additional information requested');
    expect(statusText(en, 'rxed')).toBe('Prescription written');
    expect(stateLabel(en, 'FL')).toBe('Florida');
    expect(stateLabel(en, 'ZZ')).toBe('ZZ');
  });

  it('translates catalogue keys the server sends and keeps other text', () => {
    expect(textOf(en, 'rx.product.ldn.name')).toBe('Low Dose Naltrexone (LDN)');
    expect(textOf(en, 'Already words')).toBe('Already words');
  });

  it("shows the server's message, or the network message when it was not reached", () => {
    expect(errorText(en, new ApiError(400, 'RX_SCREENING_FAILED', 'No LDN with opioids'))).toBe(
      'No LDN with opioids',
    );
    expect(errorText(en, new ApiError(0, 'NETWORK', 'x'))).toBe(en('errors.network'));
  });
});
