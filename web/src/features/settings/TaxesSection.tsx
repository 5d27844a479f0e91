/**
 * The insurance tax table (admins): the rate of each ramo (law 1216/1961, tariff all. A), motor
 * liability's provincial tax by province (art. 17 D.Lgs. 68/2011) and the SSN contribution
 * (art. 334 D.Lgs. 209/2005), each row with its validity and source. Saved whole; the server
 * refuses overlapping validities and rates outside 0–100 with two decimals, naming the row.
 * A change from another admin reaches the open form live (the settings stream).
 */
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, formatRate, PlainSelect } from '@sportello/host-api';
import DayInput from '../../components/DayInput';
import { requestJson } from '../../lib/http';
import { useLiveDraft } from '../../lib/liveDraft';
import { useSession } from '../../session/context';
import { errorText, notify } from '../quotes/env';
import { RAMI, RCA, romeDay, taxTableOf, type TaxRow, type TaxTable } from '../quotes/taxes';

type Row = TaxRow & { ramo?: string; code?: string };
type Part = keyof TaxTable;

const saveTaxes = (table: TaxTable) => requestJson<{ imposte: TaxTable }>('/api/settings/taxes', { method: 'PUT', json: table });

function RowsTable({ part, rows, keyLabel, keyOf, onChange, filter }: {
  part: Part;
  rows: Row[];
  keyLabel?: string;
  keyOf?: (row: Row) => string;
  onChange: (rows: Row[]) => void;
  filter?: string;
}) {
  const { t } = useTranslation('settings');
  const set = (index: number, change: Partial<Row>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const shown = rows.map((row, index) => ({ row, index })).filter(({ row }) => !filter || (keyOf?.(row) ?? '').toLowerCase().includes(filter.toLowerCase()));
  return (
    <Table verticalSpacing={4} data-testid={`taxes-${part}`}>
      <Table.Thead>
        <Table.Tr>
          {keyLabel ? <Table.Th>{keyLabel}</Table.Th> : null}
          <Table.Th w={130}>{t('taxes.rate')}</Table.Th>
          <Table.Th w={150}>{t('taxes.from')}</Table.Th>
          <Table.Th w={150}>{t('taxes.to')}</Table.Th>
          <Table.Th>{t('taxes.source')}</Table.Th>
          <Table.Th w={40} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map(({ row, index }) => {
          const name = keyOf?.(row) ?? t('taxes.ssn');
          return (
            <Table.Tr key={index} data-testid={`taxes-${part}-row`} data-key={row.ramo ?? row.code ?? 'ssn'}>
              {keyLabel ? <Table.Td>{name}</Table.Td> : null}
              <Table.Td>
                <AmountInput aria-label={t('taxes.rateOf', { name })} value={row.rate} suffix="%" onChange={(rate) => set(index, { rate: rate ?? 0 })} data-testid="tax-rate" />
              </Table.Td>
              <Table.Td>
                <DayInput aria-label={t('taxes.fromOf', { name })} value={row.from} required onChange={(next) => next && set(index, { from: next })} />
              </Table.Td>
              <Table.Td>
                <DayInput aria-label={t('taxes.toOf', { name })} value={row.to ?? null} min={row.from || undefined} onChange={(next) => set(index, { to: next })} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label={t('taxes.sourceOf', { name })} value={row.source ?? ''} maxLength={300} onChange={(e) => set(index, { source: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={t('taxes.removeOf', { name })} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export default function TaxesSection() {
  const { t } = useTranslation('settings');
  const { settings } = useSession();
  const [draft, setDraft] = useLiveDraft<TaxTable>(taxTableOf(settings));
  const [busy, setBusy] = useState(false);
  const [newRamo, setNewRamo] = useState('incendio');
  const [newProvince, setNewProvince] = useState('');
  const [filter, setFilter] = useState('');
  const setPart = (part: Part) => (rows: Row[]) => setDraft((d) => ({ ...d, [part]: rows }));
  const today = romeDay();
  const provinces = [...new Set(draft.province.map((r) => r.code))].sort();
  const save = async () => {
    setBusy(true);
    try {
      await saveTaxes(draft);
      notify.success(t('saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const rami = Object.entries(RAMI).filter(([code]) => code !== RCA);
  const ssnNow = draft.ssn.find((r) => r.from <= today && (!r.to || today <= r.to));
  return (
    <Stack gap="md" data-testid="taxes-section">
      <Paper withBorder radius="lg" p="lg">
        <Title order={4}>{t('taxes.ramiTitle')}</Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('taxes.ramiHelp')}
        </Text>
        <RowsTable part="rami" rows={draft.rami} keyLabel={t('taxes.ramo')} keyOf={(r) => RAMI[r.ramo ?? ''] ?? r.ramo ?? ''} onChange={setPart('rami') as (rows: Row[]) => void} />
        <Group mt="sm" align="flex-end">
          <PlainSelect label={t('taxes.ramo')} data={rami.map(([value, label]) => ({ value, label }))} value={newRamo} onChange={setNewRamo} />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setPart('rami')([...draft.rami, { ramo: newRamo, rate: 0, from: today, to: null, source: '' }])} data-testid="taxes-add-ramo">
            {t('taxes.addRow')}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Title order={4}>{t('taxes.rcaTitle')}</Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('taxes.rcaHelp', { ssn: ssnNow ? formatRate(ssnNow.rate) : '—' })}
        </Text>
        <RowsTable part="ssn" rows={draft.ssn} onChange={setPart('ssn')} />
        <Button mt="xs" size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => setPart('ssn')([...draft.ssn, { rate: 0, from: today, to: null, source: '' }])}>
          {t('taxes.addSsn')}
        </Button>
        <TextInput mt="md" label={t('taxes.findProvince')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={240} data-testid="taxes-filter" />
        <RowsTable part="province" rows={draft.province} keyLabel={t('taxes.province')} keyOf={(r) => r.code ?? ''} onChange={setPart('province')} filter={filter} />
        <Group mt="sm" align="flex-end">
          <TextInput label={t('taxes.province')} value={newProvince} maxLength={2} onChange={(e) => setNewProvince(e.currentTarget.value.toUpperCase())} w={120} />
          <Button variant="light" leftSection={<IconPlus size={16} />} disabled={newProvince.length !== 2} onClick={() => setPart('province')([...draft.province, { code: newProvince, rate: 16, from: today, to: null, source: '' }])}>
            {t('taxes.addRow')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('taxes.provinces', { count: provinces.length })}
          </Text>
        </Group>
      </Paper>
      <Group justify="flex-end">
        <Button loading={busy} onClick={() => void save()} data-testid="taxes-save">
          {t('taxes.save')}
        </Button>
      </Group>
    </Stack>
  );
}
