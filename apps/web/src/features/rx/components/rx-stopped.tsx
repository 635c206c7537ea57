import { link } from '@apothecall/domain/navigation/links';
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

/**
 * The evaluation stopped: the treatment cannot be prescribed online. The stop's text and the
 * way to a video visit instead (Get Care).
 */
export function RxStopped({ message, onStartOver }: { message: string; onStartOver: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-testid="rx-stopped">
      <Stack gap="md">
        <Title
          order={2}
          size="h3"
          ref={heading}
          tabIndex={-1}
          c="red.8"
          style={{ outline: 'none' }}
        >
          {t('rxUi.flow.stopped')}
        </Title>
        <Alert color="red" role="alert">
          {message}
        </Alert>
        <Group gap="xs">
          <Button component={Link} to={link('/care')}>
            {t('rxUi.flow.video')}
          </Button>
          <Button variant="default" onClick={onStartOver}>
            {t('rxScreens.stopped.startOver')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
