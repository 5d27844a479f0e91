import { Image, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/context';

export function LoadingScreen() {
  const { tenant } = useSession();
  const { t } = useTranslation('common');
  return (
    <div className="loading-screen" data-testid="loading-screen">
      <Stack align="center" gap="lg">
        <Image src={tenant.logo} alt={tenant.title} h={56} w="auto" fit="contain" />
        <Loader type="dots" size="lg" />
        <Text c="dimmed" size="sm">
          {t('loading')}
        </Text>
      </Stack>
    </div>
  );
}
