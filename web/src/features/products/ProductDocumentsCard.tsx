/** On a plain product's edit page: its company documents (DIP, DIP aggiuntivo, conditions of
 * insurance), which go into the pre-contract set the customer receives; uploaded as PDFs by
 * those who may edit products, one current file per kind (a replaced one stays in the sets
 * already delivered). Listed over HTTP, then live: an upload made on another screen shows here as
 * it lands (the `documentiProdotto` stream). */
import { Alert, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '../quotes/env';
import { errorMessage } from './api';
import { listProductDocuments } from './documentsApi';
import { ProductDocumentRow } from './ProductDocumentRow';
import { newestByKind, PRODUCT_DOCUMENT_KINDS, PRODUCT_DOCUMENTS_STREAM, withUploaded, type ProductDocument } from './productDocuments';

export function ProductDocumentsCard({ productId, canUpload }: { productId: string; canUpload: boolean }) {
  const { t } = useTranslation('products');
  const [documents, setDocuments] = useState<ProductDocument[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setDocuments(null);
    setError(null);
    listProductDocuments(productId)
      .then((listed) => current && setDocuments(listed))
      .catch((e: unknown) => current && setError(errorMessage(e)));
    return () => {
      current = false;
    };
  }, [productId]);
  const streamed = useCollection(PRODUCT_DOCUMENTS_STREAM);
  const live = useMemo(
    () => (Object.values(streamed) as unknown as ProductDocument[]).filter((d) => d.pId === productId),
    [streamed, productId],
  );
  const byKind = useMemo(() => newestByKind([...(documents ?? []), ...live]), [documents, live]);

  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" data-testid="product-documents">
      <Title order={4}>{t('documents.title')}</Title>
      <Text c="dimmed" size="sm" mb="xs">
        {t('documents.help')}
      </Text>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
          {t('documents.loadError', { message: error })}
        </Alert>
      ) : documents === null ? (
        <Loader size="sm" my="md" role="status" aria-label={t('documents.title')} />
      ) : (
        <Stack gap={0}>
          {PRODUCT_DOCUMENT_KINDS.map((kind, i) => (
            <Fragment key={kind}>
              {i > 0 && <Divider />}
              <ProductDocumentRow productId={productId} kind={kind} current={byKind[kind]} canUpload={canUpload}
                onUploaded={(uploaded) => setDocuments((listed) => withUploaded(listed ?? [], uploaded))} />
            </Fragment>
          ))}
        </Stack>
      )}
      {canUpload && (
        <Text size="xs" c="dimmed" mt="sm" style={{ display: 'flex', gap: 6 }}>
          <IconInfoCircle size={14} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
          <span>{t('documents.keepNote')}</span>
        </Text>
      )}
    </Paper>
  );
}
