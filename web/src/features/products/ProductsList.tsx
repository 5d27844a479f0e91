/** The products list for admins and responsabili: name, line, fields, companies, active switch. */
import {
  ActionIcon, Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Switch, Text,
  TextInput, ThemeIcon, Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable, type ListColumn } from '@sportello/host-api';
import { useSession } from '../../session/context';
import { iconFor } from '../../components/icons';
import { errorMessage, updateProduct } from './api';
import { notifyFailure, notifySuccess } from './notify';
import type { ProductPayload } from './productForm';
import { useManagedProducts } from './useProducts';

/** A switched-off product's row: a grey tint (fading the row would fail text contrast). */
const INACTIVE_ROW = 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-7))';

const companyNames = (product: ProductPayload): string[] =>
  product.companies && typeof product.companies === 'object' ? Object.keys(product.companies) : [];
const fieldCount = (product: ProductPayload): number => (Array.isArray(product.fields) ? product.fields.length : 0);

function ActiveSwitch({ product, onSaved }: { product: ProductPayload; onSaved: (p: ProductPayload) => void }) {
  const { t } = useTranslation('products');
  const [busy, setBusy] = useState(false);
  const toggle = async (active: boolean) => {
    setBusy(true);
    try {
      const saved = await updateProduct(product._id, { active });
      onSaved(saved);
      notifySuccess(t(active ? 'list.activated' : 'list.deactivated', { name: product.name ?? '' }));
    } catch (e) {
      notifyFailure(t('edit.error', { message: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={product.active !== false}
      disabled={busy}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      aria-label={t('list.active')}
    />
  );
}

export default function ProductsList() {
  const { t } = useTranslation('products');
  const { tenant } = useSession();
  const { products, error, patch } = useManagedProducts();
  const [search, setSearch] = useState('');
  const lineName = (line: string | null | undefined) =>
    line ? (tenant.products.find((p) => p.id === line)?.name ?? line) : t('list.plain');

  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (products ?? [])
      .filter((p) => !text || (p.name ?? '').toLowerCase().includes(text))
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'it'));
  }, [products, search]);

  // on a phone a card per product: its name (the link to edit it) at the head, the line and the
  // companies below, the active switch with its label
  const columns: ListColumn<ProductPayload>[] = [
    {
      key: 'name',
      header: t('list.name'),
      card: 'title',
      cell: (product) => {
        const Icon = iconFor(product.icon);
        return (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={34}>
              <Icon size={20} />
            </ThemeIcon>
            <Anchor component={Link} to={`/prodotti/${product._id}`} fw={600} className="product-name-link">
              {product.name}
            </Anchor>
          </Group>
        );
      },
    },
    {
      key: 'line',
      header: t('list.line'),
      cell: (product) => (
        <Badge variant={product.type ? 'light' : 'default'} radius="sm">
          {lineName(product.type)}
        </Badge>
      ),
    },
    { key: 'fields', header: t('list.fields'), th: { ta: 'right' }, td: { ta: 'right' }, cell: (product) => fieldCount(product) },
    {
      key: 'companies',
      header: t('list.companies'),
      card: 'wide',
      testId: 'product-companies',
      cell: (product) => {
        const companies = companyNames(product);
        return (
          <Group gap={4}>
            {companies.length === 0 ? <Text c="dimmed">—</Text> : null}
            {companies.slice(0, 3).map((name) => (
              <Badge key={name} variant="outline" radius="sm" tt="none">
                {name}
              </Badge>
            ))}
            {companies.length > 3 ? <Text size="sm" c="dimmed">+{companies.length - 3}</Text> : null}
          </Group>
        );
      },
    },
    { key: 'active', header: t('list.active'), cell: (product) => <ActiveSwitch product={product} onSaved={(saved) => patch(saved._id, saved)} /> },
    {
      key: 'edit',
      header: '',
      card: 'hidden',
      th: { w: 48 },
      cell: (product) => (
        <ActionIcon component={Link} to={`/prodotti/${product._id}`} variant="subtle" aria-label={t('list.edit')} title={t('list.edit')}>
          <IconPencil size={18} />
        </ActionIcon>
      ),
    },
  ];

  return (
    <Stack gap="lg" className="page" data-testid="products-list">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.subtitle')}</Text>
        </div>
        <Button component={Link} to="/prodotti/nuovo" leftSection={<IconPlus size={18} />}>
          {t('list.new')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle />} variant="light">
          {t('list.loadError', { message: error })}
        </Alert>
      )}
      <Paper withBorder radius="lg" shadow="xs" p="md">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
          mb="md"
        />
        {products === null && !error ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('list.empty')}
          </Text>
        ) : (
          <ListTable
            rows={shown}
            columns={columns}
            rowKey={(product) => product._id}
            rowProps={(product) => ({
              'data-testid': 'product-row',
              style: product.active === false ? { background: INACTIVE_ROW } : undefined,
            })}
            minWidth={640}
            label={t('list.title')}
            table={{ highlightOnHover: true, verticalSpacing: 'sm' }}
          />
        )}
      </Paper>
    </Stack>
  );
}
