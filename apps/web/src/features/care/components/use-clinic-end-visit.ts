import type { VisitOutcome, VisitWorkspace } from '@apothecall/domain/care/visits.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { checkPrescription } from '@apothecall/domain/rx/medications.rules';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { appStoragePrefix } from '../../../lib/session-store';
import { useDraft } from '../../../lib/use-draft';
import { type EndVisitResult, useEndClinicVisit } from '../api/clinic-end-visit';
import {
  checkEndVisitDraft,
  type EndVisitDraft,
  emptyEndVisitDraft,
  recordsCovidTest,
  restoreEndVisitDraft,
  toEndVisitRequest,
} from './clinic-end-visit-draft';

/**
 * A day on this device's calendar, `daysBack` days before today (YYYY-MM-DD): the date picker
 * offers a test from the last maxCovidTestAgeDays days up to today (the server checks again).
 */
export function calendarDay(daysBack = 0): string {
  const day = new Date();
  day.setDate(day.getDate() - daysBack);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The draft survives a reload of the workspace (a call can be reloaded mid-visit) in this tab's
 * sessionStorage, under the app prefix, so logging out clears it; it is removed once the visit
 * ends.
 */
const draftKey = (visitId: string) => `${appStoragePrefix}clinic.draft.${visitId}`;

function loadDraft(visit: VisitWorkspace): EndVisitDraft {
  try {
    return restoreEndVisitDraft(globalThis.sessionStorage?.getItem(draftKey(visit.visitId)), visit);
  } catch {
    return emptyEndVisitDraft(visit);
  }
}

export const outcomeButton: Record<
  VisitOutcome,
  { label: MessageKey; color: string; variant: string }
> = {
  completed: { label: 'clinicUi.end.complete', color: 'green', variant: 'filled' },
  refund: { label: 'clinicUi.end.refund', color: 'orange', variant: 'light' },
  noShow: { label: 'clinicUi.end.noShow', color: 'gray', variant: 'light' },
};

/**
 * The end-visit form's state: the draft (kept in this tab across a reload, removed once the
 * visit ends), its refusals, the prescription checked live with the server's rules, the outcome
 * being confirmed, and ending the visit.
 */
export function useClinicEndVisit(
  visit: VisitWorkspace,
  onEnded: (outcome: VisitOutcome, result: EndVisitResult, withRx: boolean) => void,
) {
  const t = useT();
  const form = useDraft<EndVisitDraft>(() => loadDraft(visit));
  const { draft, errors, set } = form;
  const [summary, setSummary] = useState<MessageKey | null>(null);
  const [confirming, setConfirming] = useState<VisitOutcome | null>(null);
  // A Covid certification visit records the test it observed.
  const covid = recordsCovidTest(visit);

  useEffect(() => {
    try {
      globalThis.sessionStorage?.setItem(draftKey(visit.visitId), JSON.stringify(draft));
    } catch {
      // Storage full or unavailable: the draft simply does not survive a reload.
    }
  }, [draft, visit.visitId]);

  // The same check the server runs, as the provider types.
  const violations = useMemo(() => {
    if (!draft.rxOn || draft.medication.trim().length < 2) return [];
    return checkPrescription({
      medications: [draft.medication],
      prepaid: false,
      state: visit.location,
      currentMedications: visit.medications,
    });
  }, [draft.rxOn, draft.medication, visit.location, visit.medications]);

  const mutation = useEndClinicVisit({
    onSuccess: (result, { outcome }) => {
      setConfirming(null);
      try {
        globalThis.sessionStorage?.removeItem(draftKey(visit.visitId));
      } catch {
        // ignore
      }
      onEnded(outcome, result, outcome === 'completed' && draft.rxOn);
    },
    onError: () => setConfirming(null),
  });
  const end = (outcome: VisitOutcome) =>
    mutation.mutate({
      visitId: visit.visitId,
      outcome,
      body: toEndVisitRequest(draft, outcome, covid),
    });

  const ask = (outcome: VisitOutcome) => {
    mutation.reset();
    const check = checkEndVisitDraft(draft, outcome, covid);
    form.refuse(check.errors);
    setSummary(check.summary);
    if (check.summary) return;
    if (outcome === 'completed' && draft.rxOn && violations.length > 0) {
      setSummary('clinicUi.rx.blocked');
      return;
    }
    setConfirming(outcome);
  };

  const err = (key: keyof EndVisitDraft) => {
    const message = errors[key];
    return message ? (isMessageKey(message) ? t(message) : message) : undefined;
  };
  const serverError =
    mutation.error instanceof ApiError
      ? mutation.error.message
      : mutation.error
        ? t('errors.network')
        : null;

  return {
    draft,
    set,
    err,
    violations,
    covid,
    summary,
    serverError,
    ask,
    confirming,
    setConfirming,
    end,
    pending: mutation.isPending,
    pendingOutcome: mutation.isPending ? (mutation.variables?.outcome ?? null) : null,
  };
}

export type ClinicEndVisitState = ReturnType<typeof useClinicEndVisit>;
