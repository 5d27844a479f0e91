/**
 * The photos of the claim just reported: picked from the phone's camera or gallery, sent five
 * at a time, ten at most. The customer has no login to read the stored files back: each photo
 * sent shows from the picked file itself.
 */
import { Alert, Button, FileButton, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_TYPES, PHOTOS_PER_CLAIM, photosToSend, uploadPhotos, type Photo } from './api';

/** A photo sent, and its preview from the picked file. */
type Sent = Photo & { preview: string };

interface Props {
  policyId: string;
  code: string;
  claimId: string;
  /** Photos the claim already has from the link. */
  already?: number;
  /** A link failure (404, 410) replaces the page; any other error's text comes back. */
  fail: (error: unknown) => string | null;
}

export default function PhotoUpload({ policyId, code, claimId, already = 0, fail }: Props) {
  const { t } = useTranslation('claims');
  const [photos, setPhotos] = useState<Sent[]>([]);
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const [sending, setSending] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const send = async (picked: File[]) => {
    const { files, wrongType, over } = photosToSend(picked, already + photos.length);
    const found = [
      ...wrongType.map((name) => t('public.photoType', { name })),
      ...(over ? [t('public.tooManyPhotos', { count: PHOTOS_PER_CLAIM })] : []),
    ];
    setProblems(found);
    if (!files.length) return;
    setSending(true);
    try {
      const added = await uploadPhotos(policyId, code, claimId, files);
      const shown = added.map((photo, i) => {
        const file = files[i];
        const preview = file ? URL.createObjectURL(file) : '';
        if (preview) previews.current.push(preview);
        return { ...photo, preview };
      });
      setPhotos((current) => [...current, ...shown]);
    } catch (error) {
      const text = fail(error);
      if (text !== null) setProblems([...found, t('public.photoError', { error: text })]);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="claim-photos">
      <Title order={4}>{t('public.photos')}</Title>
      <Text size="sm" c="dimmed">
        {t('public.photosHelp')}
      </Text>
      {photos.length ? (
        <>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {photos.map((photo) => (
              <Image key={photo._id} src={photo.preview || undefined} alt={photo.name} radius="sm" h={90} fit="cover" data-testid="claim-photo" />
            ))}
          </SimpleGrid>
          <Text size="sm" data-testid="claim-photos-count">
            {t('public.photosAdded', { count: photos.length })}
          </Text>
        </>
      ) : null}
      {already + photos.length < PHOTOS_PER_CLAIM ? (
        <Group>
          <FileButton multiple accept={PHOTO_TYPES.join(',')} onChange={(files) => void send(files)}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconCamera size={18} />} loading={sending} data-testid="claim-photos-add">
                {t('public.addPhotos')}
              </Button>
            )}
          </FileButton>
        </Group>
      ) : null}
      {problems.map((problem) => (
        <Alert key={problem} color="red" variant="light">
          {problem}
        </Alert>
      ))}
    </Stack>
  );
}
