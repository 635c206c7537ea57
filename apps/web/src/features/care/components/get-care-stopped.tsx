import type { CareMessageKey } from '@apothecall/domain/care/care-reasons';
import { screeningFailedKey } from '@apothecall/domain/care/screening.rules';
import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Card, Group, List, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

/**
 * The screening failed: 'Screening Failed. Visit Cannot Continue.' with the reasons (spec
 * section 8). The flow stops here; the patient may go home or start over.
 */
export function GetCareStopped({
  failures,
  onStartOver,
}: {
  failures: readonly CareMessageKey[];
  onStartOver: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="care-screening-failed">
      <Stack gap="md">
        <Title order={2} size="h3" ref={heading} tabIndex={-1} c="red" style={{ outline: 'none' }}>
          {t(screeningFailedKey)}
        </Title>
        <Alert color="red" role="alert">
          <List spacing={4} size="sm">
            {failures.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        </Alert>
        <Group gap="xs">
          <Button component={Link} to={link('/')}>
            {t('careUi.stopped.home')}
          </Button>
          <Button variant="default" onClick={onStartOver}>
            {t('careUi.stopped.startOver')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
