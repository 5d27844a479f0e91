/** Keeps a failing product module inside its own frame: the rest of the shell keeps working. */
import { Alert, Button, Center, Code, Stack } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ModuleError({ name, error }: { name: string; error: Error }) {
  const { t } = useTranslation('common');
  return (
    <Center className="page-center" data-testid="module-error">
      <Stack maw={560}>
        <Alert color="red" variant="light" radius="lg" icon={<IconPlugConnectedX />} title={t('moduleError.title')}>
          {t('moduleError.text', { name })}
          <Code block mt="sm">
            {error.message}
          </Code>
        </Alert>
        <Button variant="light" onClick={() => location.reload()}>
          {t('retry')}
        </Button>
      </Stack>
    </Center>
  );
}

interface Props {
  name: string;
  children: ReactNode;
}

export class RemoteBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown) {
    console.error(`Modulo ${this.props.name}`, error);
  }

  render() {
    return this.state.error ? <ModuleError name={this.props.name} error={this.state.error} /> : this.props.children;
  }
}
