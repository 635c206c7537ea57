import { usePrefetchPatientDocs } from '../api/get-patient-docs';

/**
 * Spec section 4: a login loads the month's family documents (the brief, asynchronous login's
 * load). Mounted by the shell once a patient is signed in, it puts this month's list into the
 * query cache, so /docs opens on it. Renders nothing; a failure is left for the screen to show.
 */
export function DocumentsPrefetch() {
  usePrefetchPatientDocs();
  return null;
}
