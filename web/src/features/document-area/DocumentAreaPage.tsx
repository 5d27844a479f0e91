/**
 * `/area-documentale` and `/area-documentale/{id}` (everyone, SPEC §6): folders of shared
 * documents with a visibility per role; upload and delete with canEdit; inline preview of PDFs
 * and images; search by name; live through the docs and settings streams.
 */
import { ActionIcon, Badge, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconFolder, IconFolderPlus, IconPencil, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/context';
import { NotFound } from '../errors/NotFoundPage';
import { useRoleLabel } from '../people/useRoleLabel';
import { upload } from '../people/avatar';
import { maxUploadMb, oversized } from '../quotes/documents';
import { errorText, notify, useCollection, useQuoteEnv } from '../quotes/env';
import { areaFiles, deleteFolder, type Folder } from './api';
import FileList from './FileList';
import FolderDialog from './FolderDialog';
import { useAreaFiles } from './useAreaFiles';

export default function DocumentAreaPage() {
  const { id = null } = useParams();
  const { t } = useTranslation('documentArea');
  const navigate = useNavigate();
  const roleLabel = useRoleLabel();
  const { settings, tenant } = useSession();
  const { canEdit, token } = useQuoteEnv();
  const docs = useCollection('docs');
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 300);
  const [editing, setEditing] = useState<Folder | null | 'new'>(null);
  const [uploading, setUploading] = useState(false);
  const folders = useMemo(() => ((settings?.cartelle ?? []) as Folder[]).slice().sort((a, b) => a.name.localeCompare(b.name, 'it')), [settings]);
  const folder = id ? folders.find((f) => f.id === id) : null;
  useAreaFiles(id, id ? '' : query);
  const files = useMemo(() => areaFiles(docs, id, query), [docs, id, query]);
  const folderName = (folderId: string) => folders.find((f) => f.id === folderId)?.name ?? '';
  if (id && !folder) return settings ? <NotFound /> : null;

  const send = async (chosen: File[]) => {
    if (!folder || !chosen.length) return;
    const limit = maxUploadMb(tenant.appName, tenant.maxUploadMb);
    const big = oversized(chosen, tenant.appName, tenant.maxUploadMb);
    if (big.length) {
      notify.error(t('file.tooBig', { file: big[0]!.name, mb: limit }));
      return;
    }
    setUploading(true);
    try {
      await upload({ areaId: folder.id }, chosen, token());
      notify.success(t('file.uploaded', { count: chosen.length }));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setUploading(false);
    }
  };
  const removeFolder = (f: Folder) =>
    modals.openConfirmModal({
      title: t('folder.removeTitle'),
      children: <Text size="sm">{t('folder.removeMessage', { name: f.name })}</Text>,
      labels: { confirm: t('folder.remove'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void deleteFolder(f.id)
          .then(() => void navigate('/area-documentale'))
          .catch((error: unknown) => notify.error(errorText(error))),
    });

  return (
    <Stack gap="md" className="page" maw={1100} data-testid="document-area">
      <Group justify="space-between" align="flex-end">
        <div>
          {folder ? (
            <Text size="sm">
              <Link to="/area-documentale">{t('title')}</Link>
            </Text>
          ) : null}
          <Title order={2}>{folder ? folder.name : t('title')}</Title>
        </div>
        {canEdit ? (
          <Group gap="xs">
            {folder ? (
              <>
                <ActionIcon variant="default" size="lg" aria-label={t('folder.edit')} onClick={() => setEditing(folder)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="default" size="lg" color="red" aria-label={t('folder.remove')} onClick={() => removeFolder(folder)}>
                  <IconTrash size={16} />
                </ActionIcon>
                <FileButton onChange={(chosen) => void send(chosen)} multiple>
                  {(props) => (
                    <Button leftSection={<IconUpload size={16} />} loading={uploading} {...props} data-testid="area-upload">
                      {t('file.upload')}
                    </Button>
                  )}
                </FileButton>
              </>
            ) : (
              <Button leftSection={<IconFolderPlus size={16} />} onClick={() => setEditing('new')} data-testid="folder-new">
                {t('folder.new')}
              </Button>
            )}
          </Group>
        ) : null}
      </Group>
      {!folder ? (
        <>
          <TextInput aria-label={t('search')} placeholder={t('search')} leftSection={<IconSearch size={16} />} value={text} onChange={(e) => setText(e.currentTarget.value)} maw={420} data-testid="area-search" />
          {query.trim() ? (
            <FileList files={files} folderName={folderName} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {folders.map((f) => (
                <Card key={f.id} withBorder radius="lg" padding="md" component={Link} to={`/area-documentale/${f.id}`} data-testid="area-folder">
                  <Group gap="sm" wrap="nowrap">
                    <IconFolder size={28} stroke={1.5} />
                    <div>
                      <Text fw={600}>{f.name}</Text>
                      <Group gap={4} mt={4}>
                        {f.roles.length ? (
                          f.roles.map((r) => (
                            <Badge key={r} size="xs" variant="light">
                              {roleLabel(r)}
                            </Badge>
                          ))
                        ) : (
                          <Badge size="xs" variant="light" color="gray">
                            {t('folder.everyone')}
                          </Badge>
                        )}
                      </Group>
                    </div>
                  </Group>
                </Card>
              ))}
              {folders.length === 0 ? <Text c="dimmed">{t('folder.none')}</Text> : null}
            </SimpleGrid>
          )}
        </>
      ) : (
        <FileList files={files} folderName={folderName} />
      )}
      <FolderDialog folder={editing === 'new' ? null : editing} opened={editing !== null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
