import { describe, expect, it } from 'vitest';
import { issuePaths } from '../validation/schema-issues';
import {
  pharmacistGrantSchema,
  rxFormSchema,
  rxLinkSchema,
  rxStatusConfigMapSchema,
  rxStatusConfigSchema,
  rxStatusUpdateRequestSchema,
  rxVisitSchema,
  uploadedFileSchema,
} from './rx.schemas';

const A = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';
const B = '7a9e4c2d-1b3f-4e5a-8c6d-9f0a1b2c3d4e';

describe('rx visit', () => {
  it('parses a visit with defaults: nothing pending, not completed, no pharmacist', () => {
    expect(rxVisitSchema.parse({ id: A, status: 'unclaimed', version: 3, cost: 4500 })).toEqual({
      id: A,
      status: 'unclaimed',
      version: 3,
      comment: '',
      selectedPharmacist: null,
      idPending: false,
      attachmentsPending: false,
      statusComment: '',
      cost: 4500,
      noteText: '',
      completed: false,
    });
  });

  it('status is any non-empty string; cost is cents; version a whole number', () => {
    expect(
      rxVisitSchema.safeParse({ id: A, status: 'picked-up', version: 0, cost: 0 }).success,
    ).toBe(true);
    expect(issuePaths(rxVisitSchema, { id: A, status: '', version: 1.5, cost: 45.5 })).toEqual([
      'status',
      'version',
      'cost',
    ]);
  });

  it('an uploaded file names its patient', () => {
    const file = { name: 'id.jpg', type: 'image/jpeg', docType: 'id', id: A, patientId: B };
    expect(uploadedFileSchema.parse(file)).toEqual(file);
    expect(issuePaths(uploadedFileSchema, { ...file, patientId: undefined })).toEqual([
      'patientId',
    ]);
  });

  it('a status update carries the version seen and an optional note', () => {
    expect(rxStatusUpdateRequestSchema.parse({ id: A, status: 'claimed', version: 2 }).note).toBe(
      '',
    );
  });
});

describe('per-status configuration', () => {
  it('defaults flags off and texts empty', () => {
    expect(rxStatusConfigSchema.parse({ label: 'Claimed' })).toEqual({
      label: 'Claimed',
      rxCompleted: false,
      patientStatus: '',
      assignHint: '',
      statusPrompt: '',
      textInput: false,
      statusButtonLabel: '',
      outline: false,
      claimable: false,
    });
  });

  it('a map keyed by status reports the bad entry', () => {
    expect(
      issuePaths(rxStatusConfigMapSchema, { claimed: { label: 'Claimed' }, ready: { label: '' } }),
    ).toEqual(['ready.label']);
  });
});

describe('pharmacist grant', () => {
  it('defaults to no states, no links, all visits', () => {
    expect(pharmacistGrantSchema.parse({ email: 'rph@pharmacy.example' })).toEqual({
      email: 'rph@pharmacy.example',
      states: [],
      links: [],
      claimedOnly: false,
    });
    expect(issuePaths(pharmacistGrantSchema, { email: 'x', states: ['FL', 'Florida'] })).toEqual([
      'email',
      'states.1',
    ]);
  });
});

describe('rx link', () => {
  it('drops empty values before saving', () => {
    const saved = rxLinkSchema.parse({ screenId: 'ed-01', medListId: '  ', comment: '' });
    expect(saved).toEqual({ screenId: 'ed-01' });
    expect(Object.keys(saved)).toEqual(['screenId']);
  });

  it('keeps filled values, trimmed', () => {
    expect(
      rxLinkSchema.parse({ screenId: ' ed-01 ', medListId: 'm2', comment: ' Oral ED ' }),
    ).toEqual({ screenId: 'ed-01', medListId: 'm2', comment: 'Oral ED' });
  });

  it('needs a screen', () => {
    expect(issuePaths(rxLinkSchema, { screenId: ' ', medListId: 'm2' })).toEqual(['screenId']);
  });
});

describe('form', () => {
  it('has id, title and text', () => {
    const form = { formId: 'consent-ldn', title: 'LDN consent', text: 'I agree...' };
    expect(rxFormSchema.parse(form)).toEqual(form);
    expect(issuePaths(rxFormSchema, { ...form, title: '' })).toEqual(['title']);
  });
});
