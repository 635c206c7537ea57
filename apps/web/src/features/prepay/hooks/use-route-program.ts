import { useParams } from 'react-router';
import { usePrepayProgram } from '../api/get-prepay-program';

/**
 * The program a /prepay-…/{id} route names (edit, add funds, transactions): its id, and the
 * program as GET /prepay-program/{id} reads it.
 */
export function useRouteProgram() {
  const { id = '' } = useParams();
  const program = usePrepayProgram(id);
  return { id, program };
}
