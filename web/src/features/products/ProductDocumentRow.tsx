/** One kind of a product's company documents: the current file (name, size, date, short
 * SHA-256, download) and, for those who may edit products, its upload or replacement. */
import { Alert, Anchor, Button, FileButton, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@sportello/host-api';
import { useSession } from '../../session/context';
import { maxUploadBytes, maxUploadMb } from '../quotes/documents';
import { errorMessage } from './api';
import { productDocumentUrl, uploadProductDocument } from './documentsApi';
import { notifySuccess } from './notify';
import { formatSize, shortSha, type ProductDocument, type ProductDocumentKind } from './productDocuments';

/** Touch-sized on phones and tablets (44 px), the theme's height from md up. */
const TOUCH = { base: 44, md: 36 } as const;

interface Props {
  productId: string;
  kind: ProductDocumentKind;
  current: ProductDocument | undefined;
  canUpload: boolean;
  onUploaded: (document: ProductDocument) => void;
}

export function ProductDocumentRow({ productId, kind, current, canUpload, onUploaded }: Props) {
  const { t } = useTranslation('products');
  const { tenant } = useSession();
  const [sending, setSending] = useState<{ name: string; sent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // a refusal is about the file it was: a new current document (from here or another screen) clears it
  const [errorFor, setErrorFor] = useState(current?._id);
  if (errorFor !== current?._id) {
    setErrorFor(current?._id);
    setError(null);
  }
  // cleared after each try, so the same file picked again (once fixed) is sent again
  const resetPicker = useRef<() => void>(null);
  const label = t(`documents.kinds.${kind}`);

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > maxUploadBytes(tenant.appName, tenant.maxUploadMb)) {
      setError(t('documents.tooBig', { file: file.name, mb: maxUploadMb(tenant.appName, tenant.maxUploadMb) }));
      resetPicker.current?.();
      return;
    }
    setSending({ name: file.name, sent: 0 });
    try {
      const uploaded = await uploadProductDocument(productId, kind, file, (sent) => setSending({ name: file.name, sent }));
      onUploaded(uploaded);
      notifySuccess(t('documents.uploaded', { kind: label }));
    } catch (e) {
      setError(errorMessage(e) || t('documents.unreachable'));
    } finally {
      setSending(null);
      resetPicker.current?.();
    }
  };

  return (
    <Stack gap="xs" py="sm" data-testid={`product-document-${kind}`}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Text fw={600}>{label}</Text>
          {current ? (
            <>
              <Group gap={6} wrap="nowrap" miw={0}>
                <IconFileTypePdf size={18} stroke={1.5} aria-hidden style={{ flex: 'none' }} />
                <Anchor href={productDocumentUrl(productId, current._id)} download={current.name} truncate="end" fw={500} data-testid="product-document-name">
                  {current.name}
                </Anchor>
              </Group>
              <Text size="xs" c="dimmed">
                {t('documents.meta', { size: formatSize(current.size), at: formatDateTime(current.at) })} ·{' '}
                <Tooltip label={t('documents.shaTitle', { sha: current.sha256 })} multiline maw={320} style={{ wordBreak: 'break-all' }}>
                  <Text span size="xs" ff="monospace" tabIndex={0} style={{ whiteSpace: 'nowrap' }} data-testid="product-document-sha">
                    {t('documents.sha', { sha: shortSha(current.sha256) })}
                  </Text>
                </Tooltip>
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('documents.missing')}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {current && (
            <Button component="a" href={productDocumentUrl(productId, current._id)} download={current.name} variant="default"
              leftSection={<IconDownload size={16} />} mih={TOUCH} aria-label={t('documents.downloadLabel', { name: current.name })}>
              {t('documents.download')}
            </Button>
          )}
          {canUpload && (
            <FileButton onChange={(file) => void send(file)} accept="application/pdf,.pdf" resetRef={resetPicker}>
              {(props) => (
                <Button {...props} variant={current ? 'default' : 'light'} leftSection={<IconUpload size={16} />} loading={sending !== null}
                  mih={TOUCH} aria-label={t(current ? 'documents.replaceLabel' : 'documents.uploadLabel', { kind: label })}
                  data-testid="product-document-upload">
                  {t(current ? 'documents.replace' : 'documents.upload')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Group>
      {sending && (
        <Progress value={Math.round(sending.sent * 100)} size="sm" animated={sending.sent >= 1}
          aria-label={t('documents.uploading', { name: sending.name, percent: Math.round(sending.sent * 100) })} />
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} p="xs" role="alert" data-testid="product-document-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
