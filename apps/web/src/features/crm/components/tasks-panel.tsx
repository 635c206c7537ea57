import { type CustomerView, maxTaskTitle, type TaskView } from '@apothecall/domain/crm/crm.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useCreateCrmTask } from '../api/create-crm-task';
import { useCrmTasks } from '../api/get-crm-tasks';
import { useUpdateCrmTask } from '../api/update-crm-task';
import { formatDateTime, formatDay, today } from './crm-format';
import { checkTask, emptyTaskDraft, type TaskDraft, type TaskField } from './crm-forms';
import { TagBadge, TagSelect } from './crm-tags';

/** A new task: a title, a due date, optionally a customer, one task tag. */
function TaskForm({ customers }: { customers: readonly CustomerView[] }) {
  const t = useT();
  const form = useDraft<TaskDraft, MessageKey>(emptyTaskDraft);
  const { draft, errors } = form;
  const add = useCreateCrmTask({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('crmUi.tasks.added') });
      form.reset();
    },
  });
  const set = <F extends TaskField>(field: F, value: TaskDraft[F]) => {
    form.set(field, value);
    add.reset();
  };
  const errorOf = (field: TaskField) => {
    const key = errors[field];
    return key ? t(key) : null;
  };
  return (
    <SectionCard title={t('crmUi.tasks.addTitle')} testId="crm-task-form">
      <Form
        onSubmit={() => {
          const checked = checkTask(draft, isMessageKey);
          if (!checked.ok) {
            form.refuse(checked.errors);
            return;
          }
          add.mutate(checked.request);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('crmUi.tasks.taskTitle')}
            value={draft.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            maxLength={maxTaskTitle}
            withAsterisk
            error={errorOf('title')}
            autoComplete="off"
            data-testid="crm-task-title"
          />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={t('crmUi.tasks.dueDate')}
              value={draft.dueDate}
              onChange={(event) => set('dueDate', event.currentTarget.value)}
              withAsterisk
              error={errorOf('dueDate')}
              maw={240}
              data-testid="crm-task-due"
            />
            <TagSelect
              set="task"
              label={t('crmUi.tasks.tag')}
              value={draft.tag}
              onChange={(tag) => set('tag', tag)}
              error={errorOf('tag')}
              t={t}
              testId="crm-task-tag"
            />
          </Group>
          <NativeSelect
            label={t('crmUi.tasks.customer')}
            value={draft.customerId}
            onChange={(event) => set('customerId', event.currentTarget.value)}
            data={[
              { value: '', label: t('crmUi.tasks.noCustomer') },
              ...customers.map((c) => ({ value: c.id, label: c.name })),
            ]}
            error={errorOf('customerId')}
            data-testid="crm-task-customer"
          />
          {add.isError ? (
            <Alert color="red" role="alert" data-testid="crm-task-error">
              {t('crmUi.tasks.addFailed', { message: errorText(t, add.error) })}
            </Alert>
          ) : null}
          <Button type="submit" loading={add.isPending} w="fit-content" data-testid="crm-task-add">
            {t('crmUi.tasks.add')}
          </Button>
        </Stack>
      </Form>
    </SectionCard>
  );
}

function TaskRow({
  task,
  onToggle,
  pending,
}: {
  task: TaskView;
  onToggle: () => void;
  pending: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const overdue = !task.done && task.dueDate < today();
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="crm-task"
      data-task-id={task.id}
      data-done={task.done ? 'true' : 'false'}
      data-tag={task.tag}
    >
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Text
            fw={600}
            td={task.done ? 'line-through' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {task.title}
          </Text>
          <Group gap="xs" wrap="wrap">
            <TagBadge set="task" tag={task.tag} t={t} />
            <Text size="sm" c={overdue ? 'red.9' : 'dimmed'} fw={overdue ? 600 : undefined}>
              {task.done && task.doneAt
                ? t('crmUi.tasks.doneOn', { date: formatDateTime(task.doneAt, lang) })
                : t('crmUi.tasks.due', { date: formatDay(task.dueDate, lang) })}
              {overdue ? ` · ${t('crmUi.tasks.overdue')}` : ''}
            </Text>
          </Group>
          {task.customerName ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('crmUi.tasks.for', { name: task.customerName })}
            </Text>
          ) : null}
        </Stack>
        <Button
          variant={task.done ? 'default' : 'light'}
          size="xs"
          onClick={onToggle}
          loading={pending}
          aria-label={
            task.done
              ? t('crmUi.tasks.reopenLabel', { title: task.title })
              : t('crmUi.tasks.markDoneLabel', { title: task.title })
          }
          data-testid={task.done ? 'crm-task-reopen' : 'crm-task-done'}
        >
          {task.done ? t('crmUi.tasks.reopen') : t('crmUi.tasks.markDone')}
        </Button>
      </Group>
    </Card>
  );
}

/** The tasks tab: a new task, then the list (open by due date, then done), each marked done here. */
export function TasksPanel({ customers }: { customers: readonly CustomerView[] }) {
  const t = useT();
  const tasks = useCrmTasks();
  const toggle = useUpdateCrmTask();
  return (
    <Stack gap="md">
      <TaskForm customers={customers} />
      <Stack gap="xs" component="section" aria-labelledby="crm-tasks-title">
        <Title order={2} size="h4" id="crm-tasks-title">
          {t('crmUi.tasks.title')}
        </Title>
        {toggle.isError ? (
          <Alert color="red" role="alert" data-testid="crm-task-update-error">
            {t('crmUi.tasks.updateFailed', { message: errorText(t, toggle.error) })}
          </Alert>
        ) : null}
        {tasks.isPending ? (
          <Loader role="status" size="sm" aria-label={t('shell.loading')} />
        ) : tasks.isError ? (
          <Alert color="red" role="alert">
            {errorText(t, tasks.error)}
          </Alert>
        ) : tasks.data.length === 0 ? (
          <Text c="dimmed" data-testid="crm-tasks-empty">
            {t('crmUi.tasks.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {tasks.data.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                pending={toggle.isPending && toggle.variables?.id === task.id}
                onToggle={() => toggle.mutate({ id: task.id, body: { done: !task.done } })}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
