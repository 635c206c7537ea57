import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import {
  checkCustomer,
  checkInteraction,
  checkTask,
  customerDraftOf,
  emptyCustomerDraft,
  emptyInteractionDraft,
  emptyTaskDraft,
  localDateTime,
} from './crm-forms';

const isKey = (key: string): key is MessageKey => key.includes('.');

describe('CRM forms (checked with the API schemas)', () => {
  it('needs a name and one customer tag, and names each field', () => {
    const empty = checkCustomer(emptyCustomerDraft, isKey);
    expect(empty).toEqual({
      ok: false,
      errors: { name: 'crm.field.name', tag: 'crm.field.customerTag' },
    });
    const bad = checkCustomer(
      {
        ...emptyCustomerDraft,
        name: 'Nora',
        tag: 'Gold',
        email: 'nora@',
        phone: '12',
        patientAccountId: 'abc',
      },
      isKey,
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        email: 'crm.field.email',
        phone: 'crm.field.phone',
        patientAccountId: 'crm.field.patient',
        tag: 'crm.field.customerTag',
      },
    });
    const good = checkCustomer({ ...emptyCustomerDraft, name: ' Nora ', tag: 'VIP' }, isKey);
    expect(good).toMatchObject({ ok: true, request: { tag: 'VIP', patientAccountId: null } });
  });

  it('edits a phone kept in E.164 as people write it (issue 34)', () => {
    const customer = {
      id: 'c-1',
      name: 'Nora Quinn',
      email: '',
      phone: '+13055550142',
      patientAccountId: null,
      notes: '',
      tag: 'VIP',
      createdAt: '2026-11-20T15:30:00.000Z',
      updatedAt: '2026-11-20T15:30:00.000Z',
    } as const;
    expect(customerDraftOf(customer).phone).toBe('305-555-0142');
    expect(customerDraftOf({ ...customer, phone: '' }).phone).toBe('');
  });

  it('sends an interaction at the instant of the local date and time', () => {
    const at = new Date(2026, 10, 25, 9, 30);
    const draft = { ...emptyInteractionDraft(at), summary: 'Late refill', tag: 'Complaint' };
    expect(draft.at).toBe('2026-11-25T09:30');
    expect(localDateTime(at)).toBe('2026-11-25T09:30');
    const checked = checkInteraction(draft, isKey);
    expect(checked).toMatchObject({ ok: true, request: { at: at.toISOString() } });
    expect(checkInteraction({ ...draft, at: '', tag: 'VIP' }, isKey)).toEqual({
      ok: false,
      errors: { at: 'crm.field.at', tag: 'crm.field.interactionTag' },
    });
  });

  it('needs a task title, a due date and one task tag; the customer is optional', () => {
    expect(checkTask(emptyTaskDraft, isKey)).toEqual({
      ok: false,
      errors: { title: 'crm.field.title', dueDate: 'crm.field.dueDate', tag: 'crm.field.taskTag' },
    });
    expect(
      checkTask({ ...emptyTaskDraft, title: 'Call', dueDate: '2026-11-26', tag: 'Urgent' }, isKey),
    ).toMatchObject({ ok: true, request: { customerId: null, tag: 'Urgent' } });
  });
});
