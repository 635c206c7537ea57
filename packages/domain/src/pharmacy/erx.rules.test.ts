import { describe, expect, it } from 'vitest';
import { erxOutcome, newRxMessage } from './erx.rules';

const input = {
  messageId: 'm-1',
  sentAt: new Date('2026-11-25T10:00:00Z'),
  pharmacy: { ncpdpId: '1023456', npi: '1437250017', name: 'Sunrise Pharmacy' },
  prescriber: { npi: '1234567893', lastName: 'Okafor', firstName: 'Samuel' },
  patient: { lastName: "O'Neil <Jr>", firstName: 'Ana & Bo', dob: '1990-01-02', gender: 'X' },
  medication: {
    description: 'Mupirocin 2 %',
    quantity: 1,
    refills: 0,
    directions: 'Apply twice a day',
    writtenOn: '2026-11-25',
  },
};

describe('newRxMessage', () => {
  it('addresses the pharmacy by NCPDP ID and carries the prescription', () => {
    const xml = newRxMessage(input);
    expect(xml).toContain('<To Qualifier="P">1023456</To>');
    expect(xml).toContain('<DrugDescription>Mupirocin 2 %</DrugDescription>');
    expect(xml).toContain('<NumberOfRefills>0</NumberOfRefills>');
    expect(xml).toContain('<Gender>U</Gender>');
  });
  it('escapes what people typed', () => {
    const xml = newRxMessage(input);
    expect(xml).toContain('<LastName>O&apos;Neil &lt;Jr&gt;</LastName>');
    expect(xml).toContain('<FirstName>Ana &amp; Bo</FirstName>');
    expect(xml).not.toContain('<Jr>');
  });
});

describe('erxOutcome', () => {
  it('maps Status and Verify to transmitted, Error to ERROR, the rest to Transmit-Error', () => {
    expect(
      erxOutcome(200, '<Message><Body><Status><Code>000</Code></Status></Body></Message>'),
    ).toBe('transmitted');
    expect(
      erxOutcome(200, '<Message><Body><Verify><VerifyStatus/></Verify></Body></Message>'),
    ).toBe('transmitted');
    expect(erxOutcome(200, '<Message><Body><Error><Code>900</Code></Error></Body></Message>')).toBe(
      'ERROR',
    );
    expect(erxOutcome(503, '')).toBe('Transmit-Error');
    expect(erxOutcome(null, '')).toBe('Transmit-Error');
    expect(erxOutcome(200, 'hello')).toBe('Transmit-Error');
  });
});
