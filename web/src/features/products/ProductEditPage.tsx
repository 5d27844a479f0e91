/** `/prodotti/:id` (and `/prodotti/nuovo`): edit or create a product, admins and responsabili only. */
import { Alert, Anchor, Button, Group, Input, Paper, Stack, Switch, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { ICON_NAMES, iconFor } from '../../components/icons';
import { RAMI } from '../quotes/taxes';
import { PlainSelect } from '@sportello/host-api';
import { canEdit } from '../../lib/roles';
import { NotFound } from '../errors/NotFoundPage';
import { createProduct, deleteProduct, errorMessage, getProduct, updateProduct } from './api';
import { CompaniesEditor } from './CompaniesEditor';
import { FieldsEditor } from './FieldsEditor';
import { notifyFailure, notifySuccess } from './notify';
import { draftProblems, emptyDraft, problemsByPath, toBody, toDraft, type ProductDraft } from './productForm';
import { PageLoader } from '../../components/PageLoader';
import { ProductDocumentsCard } from './ProductDocumentsCard';

export const NEW_PRODUCT = 'nuovo';

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg">
      <Title order={4}>{title}</Title>
      {help && (
        <Text c="dimmed" size="sm" mb="md">
          {help}
        </Text>
      )}
      {!help && <div style={{ height: 'var(--mantine-spacing-md)' }} />}
      {children}
    </Paper>
  );
}

function knownCompanies(settings: Record<string, unknown> | null): string[] {
  const compagnie = settings?.compagnie;
  if (Array.isArray(compagnie)) return compagnie.map((c) => (typeof c === 'string' ? c : String((c as { name?: unknown })?.name ?? ''))).filter(Boolean);
  return compagnie && typeof compagnie === 'object' ? Object.keys(compagnie) : [];
}

function Editor({ id, initial }: { id: string | null; initial: ProductDraft }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const { tenant, settings } = useSession();
  const { flags } = useAccess();
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // the line as saved: a product line's products have no company documents of their own
  const [savedLine, setSavedLine] = useState(initial.line);
  const savedIds = useMemo(() => new Set(initial.fields.map((f) => f._id)), [initial]);
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const byPath = useMemo(() => (tried ? problemsByPath(problems) : {}), [problems, tried]);
  const error = (path: string) => (byPath[path] ? t(byPath[path].key, byPath[path].vars) : undefined);
  const set = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const lines = [
    { value: '', label: t('edit.linePlain') },
    ...tenant.products.map((p) => ({ value: p.id, label: p.name })),
    ...(draft.line && !tenant.products.some((p) => p.id === draft.line) ? [{ value: draft.line, label: draft.line }] : []),
  ];
  const Icon = iconFor(draft.icon);

  const save = async () => {
    setTried(true);
    setServerError(null);
    if (problems.length) {
      notifyFailure(t('edit.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      const saved = id ? await updateProduct(id, toBody(draft)) : await createProduct(toBody(draft));
      notifySuccess(t(id ? 'edit.saved' : 'edit.created'));
      if (id) {
        setDraft(toDraft(saved));
        setSavedLine(saved.type ?? null);
      } else {
        navigate(`/prodotti/${saved._id}`, { replace: true });
      }
    } catch (e) {
      const message = errorMessage(e);
      setServerError(message);
      notifyFailure(t('edit.error', { message }));
    } finally {
      setSaving(false);
    }
  };

  const remove = () =>
    modals.openConfirmModal({
      title: t('edit.deleteTitle'),
      children: <Text size="sm">{t('edit.deleteText', { name: draft.name })}</Text>,
      labels: { confirm: t('edit.delete'), cancel: t('edit.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        if (!id) return;
        try {
          await deleteProduct(id);
          notifySuccess(t('edit.deleted'));
          navigate('/prodotti');
        } catch (e) {
          notifyFailure(t('edit.error', { message: errorMessage(e) }));
        }
      },
    });

  return (
    <Stack gap="lg" className="page" maw={1100} data-testid="product-edit">
      <div>
        <Anchor component={Link} to="/prodotti" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('edit.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="center" mt="xs">
          <Group gap="sm">
            <ThemeIcon size={44} radius="md" variant="light">
              <Icon size={26} />
            </ThemeIcon>
            <Title order={2}>{id ? initial.name || draft.name : t('edit.newTitle')}</Title>
          </Group>
          <Group gap="sm">
            {id && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
                {t('edit.delete')}
              </Button>
            )}
            <Button leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={() => void save()}>
              {t(id ? 'edit.save' : 'edit.create')}
            </Button>
          </Group>
        </Group>
      </div>
      {serverError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="product-error">
          {serverError}
        </Alert>
      )}
      <Section title={t('edit.general')}>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput label={t('edit.name')} placeholder={t('edit.namePlaceholder')} required value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })} error={error('name')} />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Icon size={22} style={{ marginBottom: 8 }} />
              <PlainSelect label={t('edit.icon')} placeholder="—"
                data={[...new Set([...ICON_NAMES, ...(draft.icon ? [draft.icon] : [])])]}
                value={draft.icon} onChange={(icon) => set({ icon })} />
            </Group>
          </Group>
          <PlainSelect label={t('edit.line')} description={t('edit.lineHelp')} data={lines} value={draft.line ?? ''}
            onChange={(line) => set({ line: line || null })} />
          <PlainSelect label={t('edit.ramo')} description={t('edit.ramoHelp')} value={draft.ramo}
            data={[{ value: '', label: t('edit.noRamo') }, ...Object.entries(RAMI).map(([value, label]) => ({ value, label }))]}
            onChange={(ramo) => set({ ramo })} data-testid="product-ramo" />
          <Input.Wrapper label={t('edit.description')} id="product-description">
            <Input component="textarea" id="product-description" rows={3} value={draft.description}
              onChange={(e: React.ChangeEvent<HTMLTextAreaElement>) => set({ description: e.currentTarget.value })}
              styles={{ input: { paddingBlock: 8, minHeight: 72, resize: 'vertical' } }} />
          </Input.Wrapper>
          <Switch label={t('edit.active')} description={t('edit.activeHelp')} checked={draft.active}
            onChange={(e) => set({ active: e.currentTarget.checked })} />
        </Stack>
      </Section>
      <Section title={t('edit.fieldsTitle')} help={t('edit.fieldsHelp')}>
        <FieldsEditor fields={draft.fields} onChange={(fields) => set({ fields })} problems={byPath} savedIds={savedIds} />
      </Section>
      <Section title={t('edit.companiesTitle')} help={t('edit.companiesHelp')}>
        <CompaniesEditor companies={draft.companies} onChange={(companies) => set({ companies })} problems={byPath}
          known={knownCompanies(settings)} />
      </Section>
      <Group justify="flex-end">
        <Button leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={() => void save()}>
          {t(id ? 'edit.save' : 'edit.create')}
        </Button>
      </Group>
      {/* saved on upload, apart from the form above */}
      {id && !savedLine && <ProductDocumentsCard productId={id} canUpload={canEdit(flags)} />}
    </Stack>
  );
}

function ExistingProduct({ id }: { id: string }) {
  const { t } = useTranslation('products');
  const [state, setState] = useState<{ draft: ProductDraft } | { error: string; status?: number } | null>(null);
  useEffect(() => {
    let current = true;
    setState(null);
    getProduct(id)
      .then((product) => current && setState({ draft: toDraft(product) }))
      .catch((e: unknown) => current && setState({ error: errorMessage(e), status: (e as { status?: number }).status }));
    return () => {
      current = false;
    };
  }, [id]);
  if (state === null) {
    return <PageLoader />;
  }
  if ('error' in state) {
    if (state.status === 404) return <NotFound />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} m="md">
        {t('edit.error', { message: state.error })}
      </Alert>
    );
  }
  return <Editor key={id} id={id} initial={state.draft} />;
}

export default function ProductEditPage() {
  const { id = '' } = useParams();
  const { flags } = useAccess();
  if (!canEdit(flags)) return <NotFound />;
  if (id === NEW_PRODUCT) return <Editor key={NEW_PRODUCT} id={null} initial={emptyDraft()} />;
  return <ExistingProduct id={id} />;
}
