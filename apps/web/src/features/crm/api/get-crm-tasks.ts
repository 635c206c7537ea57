import { type TaskView, tasksResponseSchema } from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';

export const crmTasksQueryKey = ['crm', 'tasks'] as const;

/** GET /pharmacy/crm/tasks: open tasks by due date, then done ones. */
export async function getCrmTasks(): Promise<TaskView[]> {
  const { tasks } = await apiCall('/pharmacy/crm/tasks', { schema: tasksResponseSchema });
  return tasks;
}
