/**
 * Files of a quote, policy or claim (SPEC §5, §7), grouped by document type (`allegati`):
 * download links for everyone; upload (20 MB per file) and delete with confirmation for canEdit
 * users — a claim's files are added by whoever follows the claim, agents included, and removed
 * by canEdit users only. `required` types (a line's checklist) come
 * first, shown even while empty, each marked present or missing; `offered` types (a claim's
 * photos, report form, estimate) are listed even while empty, unmarked.
 */
import { ActionIcon, Anchor, Badge, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../../lib/format';
import type { Item } from '../../../store/store';
import {
  allegatiFiles,
  type DocumentFile,
  downloadUrl,
  OWNER_COLLECTION,
  OWNER_FIELD,
  type OwnerKind,
  uploadDocs,
  uploadForm,
  withinLimit,
} from '../documents';
import { notify, useCollection, useQuoteEnv } from '../env';
// its own styles: product modules show it without the core quote pages having loaded them
import '../quotes.css';

const GENERAL = 'documenti';

const isFile = (item: Item | undefined): item is DocumentFile =>
  Boolean(item && typeof item.uri === 'string' && !(item as { loading?: boolean }).loading);

function FileRow({ file, canDelete, onDelete }: { file: DocumentFile; canDelete: boolean; onDelete: (f: DocumentFile) => void }) {
  const { t } = useTranslation('quotes');
  return (
    <Group justify="space-between" wrap="nowrap" className="doc-row" data-testid="document-row">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <IconFile size={18} stroke={1.5} />
        <Anchor href={downloadUrl(file.uri, file.name)} target="_blank" rel="noopener" truncate="end" fw={500}>
          {file.name}
        </Anchor>
        {file.at ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {shortDateTime(file.at)}
          </Text>
        ) : null}
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          component="a"
          href={downloadUrl(file.uri, file.name)}
          variant="subtle"
          aria-label={t('docs.download', { name: file.name })}
          title={t('docs.download', { name: file.name })}
        >
          <IconDownload size={18} />
        </ActionIcon>
        {canDelete ? (
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(file)}
            aria-label={t('docs.delete', { name: file.name })}
            title={t('docs.delete', { name: file.name })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  );
}

const NO_SLOTS: DocumentSlot[] = [];

/** A named group of files (a policy's instalment receipts): its label, and its instalment for uploads. */
export interface DocumentSlot {
  type: string;
  label: string;
  nRata?: number;
}

export default function DocumentsSection({
  ownerKind,
  ownerId,
  slots = NO_SLOTS,
  required = NO_SLOTS,
  offered = NO_SLOTS,
  title,
}: {
  ownerKind: OwnerKind;
  ownerId: string;
  slots?: DocumentSlot[];
  /** Types the record needs (a checklist): listed first, even empty, marked present or missing. */
  required?: DocumentSlot[];
  /** Types listed even while empty, without the present/missing mark. */
  offered?: DocumentSlot[];
  /** The heading, when not 'Documenti'. */
  title?: string;
}) {
  const { t } = useTranslation('quotes');
  const { canEdit, appName, maxUploadMb: tenantMb, token, call, lookups, store } = useQuoteEnv();
  const owner = useCollection(OWNER_COLLECTION[ownerKind])[ownerId];
  const canUpload = canEdit || ownerKind === 'sinistro';
  const docs = useCollection('docs');
  const [uploading, setUploading] = useState<string | null>(null);
  const groups = useMemo(() => allegatiFiles(owner?.allegati), [owner?.allegati]);

  // files the owner lists by id arrive through the look-up queue
  useEffect(() => {
    for (const group of groups) for (const id of group.ids) if (!docs[id]) lookups.request('docs', id);
  }, [groups, docs, lookups]);

  const sections = useMemo(() => {
    const owned = Object.values(docs).filter(
      (d): d is DocumentFile => isFile(d) && (d.owner as { kind?: string; id?: string } | undefined)?.id === ownerId,
    );
    const seen = new Set<string>();
    const take = (file: DocumentFile | undefined) => {
      if (!file || seen.has(file._id)) return [];
      seen.add(file._id);
      return [file];
    };
    const typed = groups.map((g) => ({
      type: g.type,
      label: g.label,
      files: [
        ...g.files.flatMap(take),
        ...g.ids.flatMap((id) => take(isFile(docs[id]) ? (docs[id] as DocumentFile) : undefined)),
        ...owned.filter((d) => d.type === g.type).flatMap(take),
      ],
    }));
    const listed = [...required.map((slot) => ({ slot, required: true })), ...offered.map((slot) => ({ slot, required: false }))];
    const needed = listed.map(({ slot, required: marked }) => {
      const group = typed.find((g) => g.type === slot.type);
      const files = group ? group.files : owned.filter((d) => d.type === slot.type).flatMap(take);
      return { type: slot.type, label: slot.label, files, required: marked };
    });
    const others = typed.filter((g) => !listed.some(({ slot }) => slot.type === g.type));
    const rest = owned.flatMap(take);
    if (!needed.length && !others.length) return [{ type: GENERAL, label: t('docs.general'), files: rest, required: false }];
    const all = [
      ...needed,
      ...others.map((g) => ({ ...g, label: slots.find((s) => s.type === g.type)?.label ?? g.label, required: false })),
    ];
    return rest.length ? [...all, { type: GENERAL, label: t('docs.other'), files: rest, required: false }] : all;
  }, [groups, docs, ownerId, slots, required, offered, t]);

  const upload = async (type: string, picked: File[]) => {
    const files = withinLimit(picked, appName, tenantMb, (file, mb) => notify.error(t('docs.tooLarge', { file: file.name, mb })));
    if (!files.length) return;
    setUploading(type);
    try {
      const nRata = slots.find((s) => s.type === type)?.nRata;
      const entries = await uploadDocs(uploadForm({ ownerKind, ownerId, docType: type, ...(nRata ? { nRata } : {}) }, files), token());
      const added: Record<string, Item> = {};
      for (const entry of entries) {
        if ('err' in entry) notify.error(t('docs.fileError', { name: entry.name, err: entry.err }));
        else added[entry._id] = { type, owner: { kind: ownerKind, id: ownerId }, ...entry };
      }
      if (Object.keys(added).length) {
        store.applyBatch({ docs: added });
        notify.success(t('docs.uploaded'));
      }
    } catch {
      notify.error(t('docs.uploadError')); // status above 399, timeout or network failure
    } finally {
      setUploading(null);
    }
  };

  const remove = (file: DocumentFile) =>
    modals.openConfirmModal({
      title: t('docs.confirmTitle'),
      children: <Text size="sm">{t('docs.confirm')}</Text>,
      labels: { confirm: t('common:confirm'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await call('deleteAllegato', {
            [OWNER_FIELD[ownerKind]]: ownerId,
            uri: file.uri,
            _id: file._id,
          });
          store.applyBatch({ docs: { [file._id]: null } });
          notify.success(t('docs.deleted'));
        } catch (error) {
          notify.error(t('docs.deleteError', { error: error instanceof Error ? error.message : String(error) }));
        }
      },
    });

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="documents-section">
      <Title order={4} mb="md">
        {title ?? t('docs.title')}
      </Title>
      <Stack gap="lg">
        {sections.map((section) => (
          <Stack key={section.type} gap={6}>
            <Group justify="space-between">
              <Group gap="xs">
                <Text fw={600}>{section.label}</Text>
                <Badge variant="light" color="gray" size="sm">
                  {section.files.length}
                </Badge>
                {section.required ? (
                  <Badge
                    variant="light"
                    color={section.files.length ? 'green' : 'red'}
                    size="sm"
                    data-testid="required-document"
                    data-present={section.files.length ? 'true' : 'false'}
                  >
                    {section.files.length ? t('docs.present') : t('docs.missing')}
                  </Badge>
                ) : null}
              </Group>
              {canUpload ? (
                <FileButton multiple onChange={(files) => void upload(section.type, files)}>
                  {(props) => (
                    <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={16} />} loading={uploading === section.type}>
                      {t('docs.upload')}
                    </Button>
                  )}
                </FileButton>
              ) : null}
            </Group>
            {section.files.length ? (
              section.files.map((file) => <FileRow key={file._id} file={file} canDelete={canEdit} onDelete={remove} />)
            ) : (
              <Text size="sm" c="dimmed">
                {t('docs.empty')}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
