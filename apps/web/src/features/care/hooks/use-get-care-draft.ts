import { useCallback, useEffect, useState } from 'react';
import { appStoragePrefix } from '../../../lib/session-store';
import {
  emptyGetCareDraft,
  type GetCareDraft,
  restoreGetCareDraft,
} from '../components/get-care-draft';

/**
 * The Get Care wizard's draft (components/get-care-draft.ts) in this tab's sessionStorage, so a
 * reload, or a trip to /coupon and back, does not lose the patient's answers; the app prefix
 * makes logout forget it, and a started visit clears it.
 */
const storageKey = `${appStoragePrefix}care.getCareDraft`;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function readDraft(familyIds: readonly string[]): GetCareDraft | null {
  try {
    return restoreGetCareDraft(storage()?.getItem(storageKey), familyIds);
  } catch {
    return null;
  }
}

function writeDraft(draft: GetCareDraft | null): void {
  try {
    if (draft) storage()?.setItem(storageKey, JSON.stringify(draft));
    else storage()?.removeItem(storageKey);
  } catch {
    // Storage unavailable (private mode): the draft lives in memory for this page.
  }
}

export interface GetCareDraftApi {
  draft: GetCareDraft;
  update: (patch: Partial<GetCareDraft>) => void;
  /** Starts over (a new attempt, a new idempotency key). */
  reset: () => void;
  /** Forgets the draft (the visit started). */
  clear: () => void;
}

export function useGetCareDraft(
  defaultPatientId: string,
  familyIds: readonly string[],
): GetCareDraftApi {
  const [draft, setDraft] = useState<GetCareDraft>(
    () => readDraft(familyIds) ?? emptyGetCareDraft(defaultPatientId),
  );
  const [cleared, setCleared] = useState(false);

  useEffect(() => {
    if (!cleared) writeDraft(draft);
  }, [draft, cleared]);

  const update = useCallback((patch: Partial<GetCareDraft>) => {
    setCleared(false);
    setDraft((current) => ({ ...current, ...patch }));
  }, []);
  const reset = useCallback(() => {
    setCleared(false);
    setDraft(emptyGetCareDraft(defaultPatientId));
  }, [defaultPatientId]);
  const clear = useCallback(() => {
    setCleared(true);
    writeDraft(null);
  }, []);

  return { draft, update, reset, clear };
}
