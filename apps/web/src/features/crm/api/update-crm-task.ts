import {
  type TaskUpdate,
  type TaskView,
  taskResponseSchema,
  taskUpdateSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';

/** PUT /pharmacy/crm/tasks/:id: the fields to change; `{ done: true }` completes the task. */
export async function updateCrmTask(id: string, body: TaskUpdate): Promise<TaskView> {
  const { task } = await apiCall(`/pharmacy/crm/tasks/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: taskUpdateSchema.parse(body),
    schema: taskResponseSchema,
  });
  return task;
}
