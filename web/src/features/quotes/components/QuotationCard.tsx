/**
 * The quotation (SPEC §3 `price.company`): the companies' offers with premium, frequency and
 * notes. Admins and responsabili add, change and remove offers (`quotaPreventivo`) until the
 * agent has chosen one; agents pick the offer their emission request will carry.
 */
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { TextArea } from '../../../components/NativeChoices';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, PlainSelect, type HostItem } from '@sportello/host-api';
import { useSession } from '../../../session/context';
import { errorText, notify, useCollection, useQuoteEnv } from '../env';
import { emissionOf, FREQUENCIES, offersOf, policyIdOf } from '../quotation';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

function OfferForm({ quote, companies, initial, onDone }: { quote: HostItem; companies: string[]; initial?: { company: string; tot: number; note: string; frazionamento: string }; onDone: () => void }) {
  const { t } = useTranslation('quotes');
  const { call } = useQuoteEnv();
  const [company, setCompany] = useState(initial?.company ?? companies[0] ?? '');
  const [tot, setTot] = useState<number | null>(initial?.tot ?? null);
  const [frequency, setFrequency] = useState(initial?.frazionamento ?? 'ANN');
  const [note, setNote] = useState(initial?.note ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await call('quotaPreventivo', { pId: quote._id, company, tot, note, frazionamento: frequency });
      notify.success(t('quotation.saved'));
      onDone();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="offer-form">
      <Group grow align="flex-start">
        <PlainSelect label={t('quotation.company')} data={companies.map((c) => ({ value: c, label: c }))} value={company} onChange={setCompany} data-testid="offer-company" />
        <AmountInput label={t('quotation.premium')} value={tot} onChange={setTot} required data-testid="offer-premium" />
        <PlainSelect
          label={t('quotation.frequency')}
          data={FREQUENCIES.map((f) => ({ value: f, label: t(`quotation.frequencies.${f}`) }))}
          value={frequency}
          onChange={setFrequency}
          data-testid="offer-frequency"
        />
      </Group>
      <TextArea label={t('quotation.note')} value={note} maxLength={2000} rows={2} onChange={setNote} testId="offer-note" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button loading={busy} disabled={!company || tot === null} onClick={() => void save()} data-testid="offer-save">
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
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="quotation">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('quotation.title')}</Title>
        {canEdit && !locked && editing === null ? (
          <Button size="xs" variant="light" onClick={() => setEditing('')} disabled={!companies.length} data-testid="offer-add">
            {t('quotation.add')}
          </Button>
        ) : null}
      </Group>
      <Text fw={600} data-testid="quote-product">
        {product ? String(product.name ?? '') : t('detail.noProduct')}
      </Text>
      {offers.length ? (
          <Table mt="md" verticalSpacing="xs" data-testid="offers">
            <Table.Thead>
              <Table.Tr>
                {picking ? <Table.Th w={40} aria-label={t('quotation.pick')} /> : null}
                <Table.Th>{t('quotation.company')}</Table.Th>
                <Table.Th ta="right">{t('quotation.premium')}</Table.Th>
                <Table.Th>{t('quotation.frequency')}</Table.Th>
                <Table.Th>{t('quotation.note')}</Table.Th>
                {canEdit && !locked ? <Table.Th w={80} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offers.map((offer) => (
                <Table.Tr key={offer.company} data-testid="offer-row" data-company={offer.company}>
                  {picking ? (
                    <Table.Td>
                      <input
                        type="radio"
                        name={`offer-${quote._id}`}
                        value={offer.company}
                        checked={(choice ?? emission.company ?? '') === offer.company}
                        onChange={() => onChoice(offer.company)}
                        aria-label={t('quotation.pickCompany', { company: offer.company })}
                        data-testid="offer-pick"
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm" fw={500}>
                        {offer.company}
                      </Text>
                      {emission.company === offer.company ? (
                        <Badge size="sm" variant="light">
                          {t('quotation.chosen')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {euro.format(offer.tot)}
                  </Table.Td>
                  <Table.Td>{t(`quotation.frequencies.${offer.frazionamento}`)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {offer.note || '—'}
                    </Text>
                  </Table.Td>
                  {canEdit && !locked ? (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={t('quotation.edit', { company: offer.company })} onClick={() => setEditing(offer.company)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={t('quotation.remove', { company: offer.company })} onClick={() => void remove(offer.company)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
            onDone={() => setEditing(null)}
          />
        </Paper>
      ) : null}
    </Paper>
  );
}
