import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
import { useSession } from '../../../lib/session-store';

/**
 * Whether the prepay screens are read by a patient (the patient workspace's roles), not by a
 * pharmacy: a patient may buy a program for themselves and the people
 * they choose, so the texts that explain programs speak to them, not of 'your patients'.
 */
export function usePatientReader(): boolean {
  const session = useSession();
  return session !== null && workspaceOf(session.profile.role) === 'patient';
}
