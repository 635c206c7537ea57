import { type TaskView, tasksResponseSchema } from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const crmTasksQueryKey = ['crm', 'tasks'] as const;

/** GET /pharmacy/crm/tasks: open tasks by due date, then done ones. */
export async function getCrmTasks(): Promise<TaskView[]> {
  const { tasks } = await apiCall('/pharmacy/crm/tasks', { schema: tasksResponseSchema });
  return tasks;
}

/** The pharmacy's tasks. */
export function useCrmTasks(options?: QueryOptions<TaskView[]>) {
  return useCallQuery(crmTasksQueryKey, getCrmTasks, options);
}
