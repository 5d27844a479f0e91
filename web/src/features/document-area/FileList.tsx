/** Files of the document area: preview inline (images, PDF), download, delete with canEdit. */
import { ActionIcon, Anchor, Group, Image, Modal, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconEye, IconFile, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../lib/format';
import { type DocumentFile, downloadUrl } from '../quotes/documents';
import { errorText, notify, useQuoteEnv } from '../quotes/env';
import { previewKind } from './api';

export default function FileList({ files, folderName }: { files: DocumentFile[]; folderName: (id: string) => string }) {
  const { t } = useTranslation('documentArea');
  const { canEdit, call } = useQuoteEnv();
  const [preview, setPreview] = useState<DocumentFile | null>(null);
  const remove = (file: DocumentFile) =>
    modals.openConfirmModal({
      title: t('file.removeTitle'),
      children: <Text size="sm">{t('file.removeMessage')}</Text>,
      labels: { confirm: t('file.remove'), cancel: t('cancel') },
      confirmProps: { color: 'red', 'data-testid': 'file-remove-confirm' } as never,
      onConfirm: () =>
        void call('deleteAllegato', { areaId: file.owner?.id, uri: file.uri, _id: file._id }).catch((error: unknown) => notify.error(errorText(error))),
    });
  if (!files.length) return <Text c="dimmed">{t('file.none')}</Text>;
  return (
    <Paper withBorder radius="lg" p="sm">
      <Stack gap={4}>
        {files.map((file) => (
          <Group key={file._id} justify="space-between" wrap="nowrap" className="doc-row" data-testid="area-file">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconFile size={18} stroke={1.5} />
              <div style={{ minWidth: 0 }}>
                <Text fw={500} size="sm" truncate="end">
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {folderName(file.owner?.id ?? '')} · {file.at ? shortDateTime(file.at) : ''}
                </Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap">
              {previewKind(file) ? (
                <ActionIcon variant="subtle" aria-label={t('file.preview', { name: file.name })} onClick={() => setPreview(file)}>
                  <IconEye size={16} />
                </ActionIcon>
              ) : null}
              <ActionIcon component="a" href={downloadUrl(file.uri, file.name)} variant="subtle" aria-label={t('file.download', { name: file.name })} data-testid="area-download">
                <IconDownload size={16} />
              </ActionIcon>
              {canEdit ? (
                <ActionIcon variant="subtle" color="red" aria-label={t('file.removeOne', { name: file.name })} onClick={() => remove(file)}>
                  <IconTrash size={16} />
                </ActionIcon>
              ) : null}
            </Group>
          </Group>
        ))}
      </Stack>
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={preview?.name} size="xl" centered>
        {preview && previewKind(preview) === 'image' ? <Image src={preview.uri} alt={preview.name} fit="contain" mah="70vh" /> : null}
        {preview && previewKind(preview) === 'pdf' ? <iframe title={preview.name} src={preview.uri} style={{ width: '100%', height: '70vh', border: 0 }} /> : null}
        {preview ? (
          <Anchor href={downloadUrl(preview.uri, preview.name)} size="sm">
            {t('file.downloadLink')}
          </Anchor>
        ) : null}
      </Modal>
    </Paper>
  );
}
