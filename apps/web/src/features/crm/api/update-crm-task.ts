import {
  type TaskUpdate,
  type TaskView,
  taskResponseSchema,
  taskUpdateSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { crmTasksQueryKey } from './get-crm-tasks';

/** PUT /pharmacy/crm/tasks/:id: the fields to change; `{ done: true }` completes the task. */
export async function updateCrmTask(id: string, body: TaskUpdate): Promise<TaskView> {
  const { task } = await apiCall(`/pharmacy/crm/tasks/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: taskUpdateSchema.parse(body),
    schema: taskResponseSchema,
  });
  return task;
}

export interface CrmTaskUpdate {
  id: string;
  body: TaskUpdate;
}

/** Changes a task (done or not) and refreshes the tasks. */
export function useUpdateCrmTask(options?: MutationCallbacks<TaskView, CrmTaskUpdate>) {
  return useCallMutation(
    ({ id, body }: CrmTaskUpdate) => updateCrmTask(id, body),
    () => [crmTasksQueryKey],
    options,
  );
}
