/** A screen that later work will build: a plain 'in arrivo' page, never invented data. */
import { Badge, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pageTitle } from '../../lib/format';

export function ComingSoon({ title, showHome = true }: { title?: string; showHome?: boolean }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const page = title ?? pageTitle(pathname);
  return (
    <Center className="page-center" data-testid="coming-soon">
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" shadow="xs">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconHourglassHigh size={34} stroke={1.5} />
          </ThemeIcon>
          <Badge variant="light" size="lg">
            {t('comingSoon.badge')}
          </Badge>
          <Title order={2}>{t('comingSoon.title', { page })}</Title>
          <Text c="dimmed">{t('comingSoon.text')}</Text>
          {showHome && (
            <Button component={Link} to="/" variant="subtle" mt="xs">
              {t('comingSoon.home')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

export default function ComingSoonPage() {
  return <ComingSoon />;
}
