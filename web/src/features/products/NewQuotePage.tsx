/**
 * 'Nuova quotazione' (agents, `/prodotti`): pick an active product, fill in its customer
 * fields and create the quote with `createQuote`; then on to `/preventivi/{id}`. A product of
 * a line (an extra product) opens that line's own module at `/{line}` instead. A module may
 * send the agent here with values to start from (`newQuoteLink` of @sportello/host-api: the
 * navigation state `{prefill: {fieldId: value}}`, `?p=` for the product): the form starts with
 * those of the chosen product's fields, and they follow a change of product.
 */
import {
  Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useServices, useStoreSelector } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { iconFor } from '../../components/icons';
import { prefillOf, type HostItem } from '@sportello/host-api';
import type { StoreState } from '../../store/store';
import { errorMessage } from './api';
import { validateValue, type FieldDef, type Translate } from './fields/validators';
import { notifySuccess } from './notify';
import { prefillFor, quotableProducts, usrDataOf, type ProductPayload } from './productForm';

const selectProducts = (state: StoreState) => state.collections.products ?? {};
// the form brings @mantine/dates: loaded when a product is picked, not with the cards
const CustomerFieldsForm = lazy(() => import('./fields/CustomerFieldsForm').then((m) => ({ default: m.CustomerFieldsForm })));

type Product = ProductPayload & HostItem;

const fieldsOf = (product: Product): HostItem[] =>
  Array.isArray(product.fields) ? (product.fields as HostItem[]).filter((f) => f && typeof f === 'object') : [];

function ProductCard({ product, onPick }: { product: Product; onPick: (product: Product) => void }) {
  const { t } = useTranslation('products');
  const Icon = iconFor(product.icon);
  return (
    <UnstyledButton onClick={() => onPick(product)} data-testid="quote-product">
      <Card withBorder radius="lg" shadow="xs" padding="lg" h="100%" className="stat-card">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <Icon size={26} />
          </ThemeIcon>
          {product.type ? (
            <Badge variant="light" radius="sm">
              {t('quote.lineProduct')}
            </Badge>
          ) : null}
        </Group>
        <Text fw={700} fz="lg" mt="md">
          {product.name}
        </Text>
        {product.description ? (
          <Text c="dimmed" size="sm" lineClamp={3} mt={4}>
            {product.description}
          </Text>
        ) : null}
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {product.type ? '' : t('quote.fields', { count: fieldsOf(product).length })}
          </Text>
          <Group gap={4} c="primary">
            <Text size="sm" fw={600}>
              {t('quote.choose')}
            </Text>
            <IconArrowRight size={14} />
          </Group>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function QuoteForm({ product, prefill, onBack }: { product: Product; prefill: Record<string, unknown>; onBack: () => void }) {
  const { t } = useTranslation('products');
  const { t: tf } = useTranslation('fields');
  const { session } = useServices();
  const navigate = useNavigate();
  const fields = useMemo(() => fieldsOf(product), [product]);
  const [values, setValues] = useState<Record<string, unknown>>(() => prefillFor(fields, prefill));
  const prefilled = useMemo(() => Object.keys(prefillFor(fields, prefill)).length, [fields, prefill]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const Icon = iconFor(product.icon);

  const submit = async () => {
    const translate: Translate = (key, vars) => tf(key, vars);
    const found: Record<string, string> = {};
    for (const field of fields) {
      const message = validateValue(field as unknown as FieldDef, values[String(field._id)], translate);
      if (message) found[String(field._id)] = message;
    }
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) {
      setServerError(t('quote.fixErrors'));
      return;
    }
    setSending(true);
    try {
      const { _id } = await session.invoke<{ _id: string }>('createQuote', { pId: product._id, usrData: usrDataOf(values) });
      notifySuccess(t('quote.created'));
      navigate(`/preventivi/${_id}`);
    } catch (e) {
      setServerError(t('quote.error', { message: errorMessage(e) }));
      setSending(false);
    }
  };

  return (
    <Stack gap="lg" className="page" maw={960} data-testid="quote-form">
      <div>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('quote.change')}
          </Group>
        </Anchor>
        <Group gap="sm" mt="xs">
          <ThemeIcon size={44} radius="md" variant="light">
            <Icon size={26} />
          </ThemeIcon>
          <div>
            <Title order={2}>{product.name}</Title>
            {product.description ? <Text c="dimmed">{product.description}</Text> : null}
          </div>
        </Group>
      </div>
      <Paper withBorder radius="lg" shadow="xs" p="lg">
        <Title order={4} mb="md">
          {t('quote.customer')}
        </Title>
        {prefilled ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />} mb="md" data-testid="quote-prefilled">
            {t('quote.prefilled', { count: prefilled })}
          </Alert>
        ) : null}
        {fields.length === 0 ? (
          <Text c="dimmed">{t('quote.noFields')}</Text>
        ) : (
          <Suspense fallback={<Center py="lg"><Loader size="sm" /></Center>}>
            <CustomerFieldsForm fields={fields} value={values} onChange={setValues} errors={errors} />
          </Suspense>
        )}
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} mt="lg" data-testid="quote-error">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button leftSection={<IconSend size={18} />} loading={sending} onClick={() => void submit()}>
            {t('quote.submit')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

export default function NewQuotePage() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { products: lines } = useAccess();
  // kept in the navigation state through a change of product, so the values follow it
  const carried: unknown = location.state;
  const prefill = useMemo(() => prefillOf(carried), [carried]);
  const all = useStoreSelector(selectProducts) as Readonly<Record<string, Product>>;
  const lineIds = useMemo(() => lines.map((line) => line.id), [lines]);
  const products = useMemo(() => quotableProducts(all, lineIds), [all, lineIds]);
  const chosenId = params.get('p');
  const chosen = chosenId ? products.find((p) => p._id === chosenId) : undefined;

  const pick = useCallback(
    (product: Product) => {
      if (product.type) navigate(`/${product.type}`);
      else setParams({ p: product._id }, { state: carried });
    },
    [navigate, setParams, carried],
  );
  const back = useCallback(() => setParams({}, { state: carried }), [setParams, carried]);

  if (chosen && !chosen.type) return <QuoteForm key={chosen._id} product={chosen} prefill={prefill} onBack={back} />;
  return (
    <Stack gap="lg" className="page" data-testid="new-quote">
      <div>
        <Title order={2}>{t('quote.title')}</Title>
        <Text c="dimmed">{t('quote.subtitle')}</Text>
      </div>
      {chosenId && !chosen && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
          {t('quote.unavailable')}
        </Alert>
      )}
      {products.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{t('quote.empty')}</Text>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {products.map((product) => (
            <ProductCard key={product._id} product={product} onPick={pick} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
