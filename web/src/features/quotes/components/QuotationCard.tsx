/**
 * The quotation (SPEC §3 `price.company`): the companies' offers with their net premium by ramo,
 * the taxes on it and the gross (computed live as the office types, at the tenant's rates),
 * frequency and notes. Admins and responsabili add, change and remove offers (`quotaPreventivo`) until the
 * agent has chosen one; agents pick the offer their emission request will carry.
 */
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { TextArea } from '../../../components/NativeChoices';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, formatEuro, formatRate, ListTable, PlainSelect, useBelow, type HostItem, type ListColumn } from '@sportello/host-api';
import { useSession } from '../../../session/context';
import { errorText, notify, useCollection, useQuoteEnv } from '../env';
import { emissionOf, FREQUENCIES, offersOf, policyIdOf, type Offer } from '../quotation';
import { RAMI, RCA, romeDay, splitPremium, TaxProblem, taxTableOf, type TaxTable } from '../taxes';
import SplitTable from './SplitTable';

interface LineDraft {
  ramo: string;
  net: number | null;
  province: string;
}

const PROVINCES = (table: TaxTable) => [...new Set(table.province.map((r) => r.code))].sort();

/** The offer's taxes and gross as the server will compute them, or why it cannot yet. */
function SplitPreview({ lines, table }: { lines: LineDraft[]; table: TaxTable }) {
  const { t } = useTranslation('quotes');
  const ready = lines.filter((l) => l.ramo && l.net !== null);
  if (!ready.length) return null;
  let split;
  try {
    split = splitPremium(ready.map((l) => ({ ramo: l.ramo, net: l.net ?? 0, province: l.province })), table, romeDay());
  } catch (problem) {
    const key = problem instanceof TaxProblem ? problem.key : 'noRate';
    return (
      <Text size="sm" c="red" data-testid="offer-split-problem">
        {t(`taxes.problems.${key}`, { what: problem instanceof TaxProblem ? problem.what : '' })}
      </Text>
    );
  }
  return <SplitTable split={split} testId="offer-split" />;
}

function initialLines(initial: Offer | undefined, ramo: string): LineDraft[] {
  if (initial?.lines?.length) return initial.lines.map((l) => ({ ramo: l.ramo, net: l.net, province: l.province ?? '' }));
  return [{ ramo: initial?.ramo ?? ramo, net: initial && !initial.derived ? initial.net ?? null : null, province: '' }];
}

function OfferForm({ quote, companies, initial, ramo, onDone }: { quote: HostItem; companies: string[]; initial?: Offer; ramo: string; onDone: () => void }) {
  const { t } = useTranslation('quotes');
  const { call } = useQuoteEnv();
  const { settings } = useSession();
  const table = useMemo(() => taxTableOf(settings), [settings]);
  const [company, setCompany] = useState(initial?.company ?? companies[0] ?? '');
  const [lines, setLines] = useState<LineDraft[]>(() => initialLines(initial, ramo));
  const [frequency, setFrequency] = useState(initial?.frazionamento ?? 'ANN');
  const [note, setNote] = useState(initial?.note ?? '');
  const [busy, setBusy] = useState(false);
  const setLine = (index: number, change: Partial<LineDraft>) => setLines((all) => all.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const complete = lines.every((l) => l.ramo && l.net !== null && (l.ramo !== RCA || l.province));
  const save = async () => {
    setBusy(true);
    try {
      const body = lines.map((l) => ({ ramo: l.ramo, net: l.net, ...(l.ramo === RCA ? { province: l.province } : {}) }));
      await call('quotaPreventivo', { pId: quote._id, company, lines: body, note, frazionamento: frequency });
      notify.success(t('quotation.saved'));
      onDone();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const ramoOptions = [{ value: '', label: t('taxes.pickRamo') }, ...Object.entries(RAMI).map(([value, label]) => ({ value, label }))];
  const provinces = [{ value: '', label: t('taxes.pickProvince') }, ...PROVINCES(table).map((p) => ({ value: p, label: p }))];
  return (
    <Stack gap="sm" data-testid="offer-form">
      <Group grow align="flex-start">
        <PlainSelect label={t('quotation.company')} data={companies.map((c) => ({ value: c, label: c }))} value={company} onChange={setCompany} data-testid="offer-company" />
        <PlainSelect
          label={t('quotation.frequency')}
          data={FREQUENCIES.map((f) => ({ value: f, label: t(`quotation.frequencies.${f}`) }))}
          value={frequency}
          onChange={setFrequency}
          data-testid="offer-frequency"
        />
      </Group>
      {lines.map((line, index) => (
        <Group key={index} grow align="flex-end" data-testid="offer-line">
          <PlainSelect label={t('taxes.ramo')} data={ramoOptions} value={line.ramo} onChange={(value) => setLine(index, { ramo: value })} data-testid="offer-ramo" />
          <AmountInput label={t('taxes.netPremium')} value={line.net} onChange={(net) => setLine(index, { net })} required data-testid="offer-premium" />
          {line.ramo === RCA ? (
            <PlainSelect label={t('taxes.province')} data={provinces} value={line.province} onChange={(value) => setLine(index, { province: value })} data-testid="offer-province" />
          ) : (
            <div />
          )}
          {lines.length > 1 ? (
            <Button variant="subtle" color="red" flex="0 0 auto" onClick={() => setLines((all) => all.filter((_, i) => i !== index))} aria-label={t('taxes.removeLine')}>
              <IconTrash size={16} />
            </Button>
          ) : null}
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="subtle" onClick={() => setLines((all) => [...all, { ramo: '', net: null, province: '' }])} disabled={lines.length >= Object.keys(RAMI).length} data-testid="offer-add-line">
          {t('taxes.addLine')}
        </Button>
      </Group>
      <SplitPreview lines={lines} table={table} />
      <TextArea label={t('quotation.note')} value={note} maxLength={2000} rows={2} onChange={setNote} testId="offer-note" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button loading={busy} disabled={!company || !complete} onClick={() => void save()} data-testid="offer-save">
          {t('quotation.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function QuotationCard({ quote, choice, onChoice }: { quote: HostItem; choice: string | null; onChoice: (company: string) => void }) {
  const { t } = useTranslation('quotes');
  const { canEdit, flags, call } = useQuoteEnv();
  const { settings } = useSession();
  const product = useCollection('products')[String(quote.pId)];
  const offers = offersOf(quote);
  const emission = emissionOf(quote);
  const issued = policyIdOf(quote) !== null;
  const locked = issued || Boolean(emission.company) || Boolean(quote.archived);
  const requested = Boolean(quote.requestEmission);
  const [editing, setEditing] = useState<string | null>(null);
  const companies = useMemo(() => {
    const own = Object.keys((product?.companies as Record<string, unknown> | undefined) ?? {});
    const tenant = Object.keys(((settings as { compagnie?: Record<string, unknown> } | null)?.compagnie ?? {}) as Record<string, unknown>);
    return [...new Set([...own, ...tenant])].sort();
  }, [product, settings]);

  const remove = async (company: string) => {
    try {
      await call('quotaPreventivo', { pId: quote._id, company, remove: true });
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const picking = flags.agent && !requested && offers.length > 0;
  const editable = canEdit && !locked;
  const phone = useBelow('sm');
  const pick = (offer: Offer) => (
    <input
      type="radio"
      name={`offer-${quote._id}`}
      value={offer.company}
      checked={(choice ?? emission.company ?? '') === offer.company}
      onChange={() => onChoice(offer.company)}
      aria-label={t('quotation.pickCompany', { company: offer.company })}
      data-testid="offer-pick"
    />
  );
  const money = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums' } } as const;
  // on a phone a card per offer: the pick and the company at its head, the figures two to a line
  const columns: ListColumn<Offer>[] = [
    ...(picking
      ? [{ key: 'pick', header: '', card: 'hidden', th: { w: 40, 'aria-label': t('quotation.pick') }, cell: pick } satisfies ListColumn<Offer>]
      : []),
    {
      key: 'company',
      header: t('quotation.company'),
      card: 'title',
      cell: (offer) => {
        const name = (
          <>
            <Text size="sm" fw={phone ? 600 : 500} span>
              {offer.company}
            </Text>
            {emission.company === offer.company ? (
              <Badge size="sm" variant="light">
                {t('quotation.chosen')}
              </Badge>
            ) : null}
          </>
        );
        // on a phone the pick is at the card's head, the company's name its label
        return picking && phone ? (
          <Group component="label" gap={8} wrap="nowrap" className="offer-pick-label">
            {pick(offer)}
            {name}
          </Group>
        ) : (
          <Group gap={6}>{name}</Group>
        );
      },
    },
    {
      key: 'net',
      header: t('taxes.net'),
      testId: 'offer-net',
      th: { ta: 'right' },
      td: money,
      cell: (offer) => (
        <>
          {typeof offer.net === 'number' ? formatEuro(offer.net) : '—'}
          {offer.derived || typeof offer.net !== 'number' ? (
            <Text size="xs" c="dimmed">
              {t('taxes.derived')}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'taxes',
      header: t('taxes.total'),
      testId: 'offer-taxes',
      th: { ta: 'right' },
      td: money,
      cell: (offer) => (
        <span title={(offer.taxes ?? []).map((x) => `${x.label} ${formatRate(x.rate)}: ${formatEuro(x.amount)}`).join('\n')}>
          {typeof offer.taxTotal === 'number' ? formatEuro(offer.taxTotal) : '—'}
        </span>
      ),
    },
    { key: 'gross', header: t('taxes.gross'), testId: 'offer-gross', th: { ta: 'right' }, td: { ...money, fw: 600 }, cell: (offer) => formatEuro(offer.tot) },
    { key: 'frequency', header: t('quotation.frequency'), cell: (offer) => t(`quotation.frequencies.${offer.frazionamento}`) },
    {
      key: 'note',
      header: t('quotation.note'),
      card: 'wide',
      cell: (offer) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {offer.note || '—'}
        </Text>
      ),
    },
    ...(editable
      ? [{
          key: 'actions',
          header: '',
          card: 'wide',
          th: { w: 80 },
          cell: (offer: Offer) => (
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t('quotation.edit', { company: offer.company })} onClick={() => setEditing(offer.company)}>
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('quotation.remove', { company: offer.company })} onClick={() => void remove(offer.company)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ),
        } satisfies ListColumn<Offer>]
      : []),
  ];
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="quotation">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('quotation.title')}</Title>
        {editable && editing === null ? (
          <Button size="xs" variant="light" onClick={() => setEditing('')} disabled={!companies.length} data-testid="offer-add">
            {t('quotation.add')}
          </Button>
        ) : null}
      </Group>
      <Text fw={600} data-testid="quote-product">
        {product ? String(product.name ?? '') : t('detail.noProduct')}
      </Text>
      {offers.length ? (
        <Box mt="md">
          <ListTable
            rows={offers}
            columns={columns}
            rowKey={(offer) => offer.company}
            rowProps={(offer) => ({ 'data-testid': 'offer-row', 'data-company': offer.company })}
            minWidth={600}
            label={t('quotation.title')}
            table={{ verticalSpacing: 'xs' }}
            testId="offers"
          />
        </Box>
      ) : (
        <Text size="sm" c="dimmed" mt="sm" data-testid="offers-empty">
          {t('quotation.none')}
        </Text>
      )}
      {editing !== null ? (
        <Paper withBorder radius="md" p="md" mt="md">
          <OfferForm
            key={editing}
            quote={quote}
            companies={companies}
            initial={offers.find((o) => o.company === editing)}
            ramo={typeof product?.ramo === 'string' ? product.ramo : ''}
            onDone={() => setEditing(null)}
          />
        </Paper>
      ) : null}
    </Paper>
  );
}
