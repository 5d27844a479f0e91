/**
 * The frame of the customer's pages behind a link (quote, policy purchase, extension): the
 * tenant's logo (or its name, without one), a title, a loader, and the link's failures (403, 404, 410 or another error),
 * worded by the page's namespace (`errors.{kind}.title|text`).
 */
import { Box, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/context';

export interface LinkFailure {
  kind: '403' | '404' | '410' | 'generic';
  message: string;
}

interface Props {
  title: string;
  failure: LinkFailure | null;
  loading: boolean;
  /** The page's i18n namespace, holding its `errors`. */
  ns: string;
  errorTestId: string;
  children: ReactNode;
}

export default function PublicFrame({ title, failure, loading, ns, errorTestId, children }: Props) {
  const { t } = useTranslation(ns);
  const { tenant } = useSession();
  let body = children;
  if (failure) {
    body = (
      <Stack align="center" gap="sm" py="lg" data-testid={errorTestId}>
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
    <Box py={40} px="md" className="public-main">
      <Stack maw={760} mx="auto" gap="md">
        <Group gap="sm">
          {/* the logo is the brand's wordmark: its name once, as the image's text */}
          {tenant.logo ? (
            <Image src={tenant.logo} alt={tenant.title} h={36} w="auto" fit="contain" />
          ) : (
            <Text fw={700}>{tenant.title}</Text>
          )}
        </Group>
        <Title order={2}>{title}</Title>
        <Paper withBorder radius="lg" p="xl" shadow="sm">
          {body}
        </Paper>
      </Stack>
    </Box>
  );
}
