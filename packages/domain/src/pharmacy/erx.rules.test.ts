import { describe, expect, it } from 'vitest';
import { erxOutcome, newRxMessage, scriptNamespace, type XmlElement } from './erx.rules';

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

const child = (element: XmlElement | string | undefined, name: string): XmlElement => {
  const found = typeof element === 'object' ? element[name] : undefined;
  if (typeof found !== 'object') throw new Error(`no element ${name}`);
  return found;
};

describe('newRxMessage', () => {
  it('addresses the pharmacy by NCPDP ID and carries the prescription, as elements', () => {
    const { Message } = newRxMessage(input);
    expect(Message['@xmlns']).toBe(scriptNamespace);
    expect(child(Message, 'Header').To).toEqual({ '@Qualifier': 'P', '#': '1023456' });
    expect(child(Message, 'Header').From).toEqual({ '@Qualifier': 'D', '#': '1234567893' });
    const newRx = child(child(Message, 'Body'), 'NewRx');
    expect(Object.keys(newRx)).toEqual([
      'Patient',
      'Pharmacy',
      'Prescriber',
      'MedicationPrescribed',
    ]);
    const medication = child(newRx, 'MedicationPrescribed');
    expect(medication.DrugDescription).toBe('Mupirocin 2 %');
    expect(medication.NumberOfRefills).toBe('0');
    expect(medication.Quantity).toEqual({ Value: '1', CodeListQualifier: '38' });
    const patient = child(child(newRx, 'Patient'), 'HumanPatient');
    expect(patient.Gender).toBe('U');
    // Text as people typed it: escaping is the XML writer's (server features/rx/erx-xml.ts).
    expect(patient.Name).toEqual({ LastName: "O'Neil <Jr>", FirstName: 'Ana & Bo' });
  });
});

describe('erxOutcome', () => {
  it('maps Status and Verify to transmitted, Error to ERROR, the rest to Transmit-Error', () => {
    expect(erxOutcome(200, { kind: 'status', code: '000' })).toBe('transmitted');
    expect(erxOutcome(200, { kind: 'status', code: '010' })).toBe('transmitted');
    expect(erxOutcome(200, { kind: 'status', code: '600' })).toBe('Transmit-Error');
    expect(erxOutcome(200, { kind: 'verify' })).toBe('transmitted');
    expect(erxOutcome(200, { kind: 'error' })).toBe('ERROR');
    expect(erxOutcome(400, { kind: 'error' })).toBe('ERROR');
    expect(erxOutcome(302, { kind: 'status', code: '000' })).toBe('Transmit-Error');
    expect(erxOutcome(503, { kind: 'error' })).toBe('Transmit-Error');
    expect(erxOutcome(null, { kind: 'unreadable' })).toBe('Transmit-Error');
    expect(erxOutcome(200, { kind: 'unreadable' })).toBe('Transmit-Error');
  });
});
