/** 'Cambia foto': picks an image and uploads it as the user's photo; a failure is told in red. */
import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText, notify, useQuoteEnv } from '../quotes/env';
import { uploadAvatar } from './avatar';

export default function PhotoButton({ userId }: { userId: string }) {
  const { t } = useTranslation('people');
  const { token } = useQuoteEnv();
  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      await uploadAvatar(userId, file, token());
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
      {(props) => (
        <Button variant="default" leftSection={<IconUpload size={16} />} w="fit-content" {...props}>
          {t('avatar')}
        </Button>
      )}
    </FileButton>
  );
}
