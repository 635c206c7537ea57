import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import { notesPageRequestSchema, notesRequestSchema } from './notes.api';
import { noteSchema } from './notes.schemas';

const ID = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const PT = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';

const note = {
  id: ID,
  date: '2024-05-01',
  time: '14:05',
  provider: 'Dr. Rosa Diaz',
  subject: 'Sore throat',
  body: 'Assessment and plan...',
  ptId: PT,
  author: 'Dr. Rosa Diaz',
  providerCredential: {
    address: { name: 'Apothecall Medical', line1: '1 Main St' },
    npi: '1234567893',
  },
};

describe('note', () => {
  it('parses a note and fills empty optional credential parts', () => {
    const parsed = noteSchema.parse(note);
    expect(parsed.providerCredential).toEqual({
      address: { name: 'Apothecall Medical', line1: '1 Main St', line2: '', phone: '' },
      fax: '',
      npi: '1234567893',
      clientNumber: '',
    });
  });

  it('the NPI is exactly 10 digits', () => {
    for (const npi of ['123456789', '12345678901', '12345678a3']) {
      expect(
        issuePaths(noteSchema, {
          ...note,
          providerCredential: { ...note.providerCredential, npi },
        }),
      ).toEqual(['providerCredential.npi']);
    }
  });

  it('date is YYYY-MM-DD, time HH:MM[:SS], patient a UUID', () => {
    expect(issuePaths(noteSchema, { ...note, date: '05-01-2024', time: '2pm', ptId: 7 })).toEqual([
      'date',
      'time',
      'ptId',
    ]);
  });

  it('reports a missing address line on its path', () => {
    expect(
      issuePaths(noteSchema, {
        ...note,
        providerCredential: { ...note.providerCredential, address: { name: 'X', line1: ' ' } },
      }),
    ).toEqual(['providerCredential.address.line1']);
  });
});

describe('notes requests', () => {
  it('lists the notes of one person', () => {
    expect(notesRequestSchema.parse({ uid: PT })).toEqual({ uid: PT });
  });

  it('a page runs from startDate to endDate, not backwards', () => {
    expect(
      notesPageRequestSchema.parse({ uid: PT, startDate: '2024-01-01', endDate: '2024-05-01' }),
    ).toEqual({ uid: PT, startDate: '2024-01-01', endDate: '2024-05-01' });
    expect(
      notesPageRequestSchema.safeParse({ uid: PT, startDate: '2024-05-01', endDate: '2024-05-01' })
        .success,
    ).toBe(true);
    expect(
      issuePaths(notesPageRequestSchema, {
        uid: PT,
        startDate: '2024-05-02',
        endDate: '2024-05-01',
      }),
    ).toEqual(['endDate']);
  });
});
