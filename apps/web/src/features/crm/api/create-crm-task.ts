import {
  type TaskInput,
  type TaskView,
  taskInputSchema,
  taskResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { crmTasksQueryKey } from './get-crm-tasks';

/** POST /pharmacy/crm/tasks { title, dueDate, customerId?, tag }. */
export async function createCrmTask(body: TaskInput): Promise<TaskView> {
  const { task } = await apiCall('/pharmacy/crm/tasks', {
    method: 'POST',
    body: taskInputSchema.parse(body),
    schema: taskResponseSchema,
  });
  return task;
}

/** Adds a task and refreshes the tasks. */
export function useCreateCrmTask(options?: MutationCallbacks<TaskView, TaskInput>) {
  return useCallMutation(createCrmTask, () => [crmTasksQueryKey], options);
}
