import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getPrepayProgram, prepayProgramQueryKey } from '../api/get-prepay-program';

/**
 * The program a /prepay-…/{id} route names (edit, add funds, transactions): its id, and the
 * program as GET /prepay-program/{id} reads it.
 */
export function useRouteProgram() {
  const { id = '' } = useParams();
  const program = useQuery({
    queryKey: prepayProgramQueryKey(id),
    queryFn: () => getPrepayProgram(id),
  });
  return { id, program };
}
