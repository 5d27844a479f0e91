/** The router's error element: a failed lazy route or loader shows this, not a blank page. */
import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './NotFoundPage';

export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center className="page-center">
      <Stack maw={520}>
        <Alert color="red" icon={<IconAlertTriangle />} title={t('startError', { message: '' })}>
          {message}
        </Alert>
        <Button onClick={() => location.reload()}>{t('retry')}</Button>
      </Stack>
    </Center>
  );
}
