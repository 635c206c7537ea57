import {
  type TaskInput,
  type TaskView,
  taskInputSchema,
  taskResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';

/** POST /pharmacy/crm/tasks { title, dueDate, customerId?, tag }. */
export async function createCrmTask(body: TaskInput): Promise<TaskView> {
  const { task } = await apiCall('/pharmacy/crm/tasks', {
    method: 'POST',
    body: taskInputSchema.parse(body),
    schema: taskResponseSchema,
  });
  return task;
}
