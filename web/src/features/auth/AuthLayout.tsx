/** The frame of the public account screens: brand panel and a card. */
import { Box, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/context';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { tenant } = useSession();
  const { t } = useTranslation('auth');
  return (
    <Box className="auth-page">
      <Box className="auth-brand" aria-hidden>
        <Box className="auth-brand-inner">
          <Image src={tenant.logo} alt="" h={56} w="auto" fit="contain" className="auth-brand-logo" />
          <Title order={2} c="white" mt="xl" maw={420} fw={600}>
            {tenant.title}
          </Title>
          <Text c="white" opacity={0.8} mt={4} maw={420}>
            {tenant.wording.agents} · {t('brandLine')}
          </Text>
        </Box>
      </Box>
      <Box className="auth-main">
        <Paper className="auth-card" radius="lg" p="xl" withBorder shadow="md">
          <Stack gap={4} mb="lg">
            <Image src={tenant.logo} alt={tenant.title} h={40} w="auto" fit="contain" className="auth-card-logo" />
            <Title order={2}>{title}</Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
