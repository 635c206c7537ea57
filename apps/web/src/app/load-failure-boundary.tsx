import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useT } from '../lib/i18n';

/** What a screen shows when it could not be drawn (its chunk never came, or it threw). */
function LoadFailure() {
  const t = useT();
  return (
    <Stack p="md" maw={640} mx="auto" w="100%" role="alert" data-load-failure>
      <Title order={1} size="h2">
        {t('shell.loadFailed.title')}
      </Title>
      <Text>{t('shell.loadFailed.body', { appName: t('shell.appName') })}</Text>
      <Button w="fit-content" onClick={() => window.location.reload()}>
        {t('shell.loadFailed.retry')}
      </Button>
    </Stack>
  );
}

interface Props {
  children: ReactNode;
  /**
   * What to show instead: the screen's message (the default), or nothing for a part of the
   * shell that the person can do without (a watcher, a prefetch).
   */
  quiet?: boolean;
  /** A new value (the next address) clears the failure and draws the children again. */
  resetKey?: string;
}

/**
 * Keeps a failure inside the part that failed. Without a boundary React unmounts the whole app
 * on an error thrown while rendering, so a screen's chunk that could not be fetched (even after
 * lazyChunk's retries) left a blank page, with the header, the version check and the session's
 * socket gone. Around each screen it shows a message and a way to try again; around the shell's
 * optional parts, nothing. The error is not logged: it may carry what was on the screen.
 */
export class LoadFailureBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.quiet ? null : <LoadFailure />;
  }
}
