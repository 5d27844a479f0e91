import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/pageTitleStore';

export function NotFound() {
  const { t } = useTranslation('common');
  // the same title for an unknown path and a page the user may not open
  usePageTitle(t('notFound.title'));
  return (
    <Center className="page-center" data-testid="not-found">
      <Stack align="center" gap="xs" ta="center">
        <Text className="not-found-code" fw={800} c="primary">
          404
        </Text>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed" maw={420}>
          {t('notFound.text')}
        </Text>
        <Button component={Link} to="/" mt="md">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}

export default NotFound;
