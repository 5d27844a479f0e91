/** The frame of the customer's policy pages: the tenant's logo, a title, and the link's failures. */
import { Box, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/context';
import type { LinkFailure } from './usePolicyPage';

export default function PublicFrame({ title, failure, loading, children }: { title: string; failure: LinkFailure | null; loading: boolean; children: ReactNode }) {
  const { t } = useTranslation('publicPolicy');
  const { tenant } = useSession();
  let body = children;
  if (failure) {
    body = (
      <Stack align="center" gap="sm" py="lg" data-testid="public-policy-error">
        <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" />
        <Title order={3} ta="center">
          {t(`errors.${failure.kind}.title`)}
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          {t(`errors.${failure.kind}.text`, { error: failure.message })}
        </Text>
      </Stack>
    );
  } else if (loading) {
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <Box py={40} px="md">
      <Stack maw={760} mx="auto" gap="md">
        <Group gap="sm">
          <Image src={tenant.logo} alt={tenant.title} h={36} w="auto" fit="contain" />
          <Text fw={700}>{tenant.title}</Text>
        </Group>
        <Title order={2}>{title}</Title>
        <Paper withBorder radius="lg" p="xl" shadow="sm">
          {body}
        </Paper>
      </Stack>
    </Box>
  );
}
