/** An unknown practice, or one this user may not see. */
import { Anchor, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';

export default function PracticeNotFound() {
  const { t } = useTranslation('noleggio_auto');
  return (
    <Center className="page-center">
      <Stack align="center" gap="xs" data-testid="practice-not-found">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconCarOff size={30} />
        </ThemeIcon>
        <Title order={3}>{t('practice.notFound')}</Title>
        <Text c="dimmed">{t('practice.notFoundText')}</Text>
        <Anchor component={Link} to={paths.list}>
          {t('practice.back')}
        </Anchor>
      </Stack>
    </Center>
  );
}
