import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import {
  documentDataSchema,
  documentSchema,
  documentsByMonthRequestSchema,
  monthOf,
  monthStringSchema,
} from './documents.schemas';

const A = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const B = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';
const C = 'c2d4e6f8-0a1b-4c3d-8e5f-6a7b8c9d0e1f';

const doc = {
  id: A,
  owner: B,
  ownerName: 'Ann Lee',
  patient: C,
  patientName: 'Sam Lee',
  fdate: '2024-05-01',
  ftype: 'application/pdf',
  fileDate: '2024-05-01T14:00:00Z',
};

describe('document', () => {
  it('parses a document and defaults description, author and filer to empty', () => {
    expect(documentSchema.parse(doc)).toEqual({ ...doc, fdesc: '', author: '', filer: '' });
  });

  it('names bad dates', () => {
    expect(
      issuePaths(documentSchema, { ...doc, fdate: '2024-05', fileDate: '2024-05-01' }),
    ).toEqual(['fdate', 'fileDate']);
  });
});

describe('month string', () => {
  it('is YYYY-MM with a real month', () => {
    expect(monthStringSchema.parse('2024-05')).toBe('2024-05');
    for (const bad of ['2024-5', '2024-13', '2024-00', '05-2024', '2024-05-01']) {
      expect(monthStringSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('monthOf gives the month of a date or date-time', () => {
    expect(monthOf('2024-05-01')).toBe('2024-05');
    expect(monthOf('2024-12-31T23:59:00Z')).toBe('2024-12');
    expect(monthStringSchema.safeParse(monthOf(doc.fdate)).success).toBe(true);
  });

  it('the by-month request takes the month as fdate', () => {
    expect(issuePaths(documentsByMonthRequestSchema, { fdate: '2024-05-01' })).toEqual(['fdate']);
  });

  it('document data is base64', () => {
    expect(documentDataSchema.parse({ data: 'SGVsbG8=' }).data).toBe('SGVsbG8=');
    expect(issuePaths(documentDataSchema, { data: 'not base64!' })).toEqual(['data']);
  });
});
