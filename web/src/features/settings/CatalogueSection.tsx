/** Companies (commission, fees, quote range), branches (`rami`), instalment frequencies and the
 * agents' home slides. */
import { ActionIcon, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../../components/NativeChoices';
import { useLiveDraft } from '../../lib/liveDraft';
import { useSession } from '../../session/context';
import { CompaniesEditor } from '../products/CompaniesEditor';
import type { CompanyDraft } from '../products/productForm';
import { compagnieOf, companyRows, linesOf } from './settingsForm';
import PaymentMethodsCard from './PaymentMethodsCard';
import { useSave } from './useSave';

interface Frequency {
  name: string;
  code: string;
  rate: number;
}
interface Slide {
  title: string;
  text?: string;
  link?: string | null;
}
interface CatalogueDraft {
  companies: CompanyDraft[];
  rami: string;
  frequencies: Frequency[];
  slides: Slide[];
}
const FREQUENCIES: Frequency[] = [
  { name: 'Annuale', code: 'ANN', rate: 1 },
  { name: 'Semestrale', code: 'SEM', rate: 2 },
  { name: 'Quadrimestrale', code: 'QUAD', rate: 3 },
  { name: 'Mensile', code: 'MEN', rate: 12 },
  { name: 'Unico', code: 'UNICO', rate: 0 },
];

export default function CatalogueSection() {
  const { t } = useTranslation('settings');
  const { settings } = useSession();
  const saved = {
    compagnie: (settings?.compagnie ?? {}) as Record<string, unknown>,
    rami: (settings?.rami ?? []) as string[],
    frazionamenti: (settings?.frazionamenti ?? FREQUENCIES) as Frequency[],
    slides: (settings?.slides ?? []) as Slide[],
  };
  const [draft, setDraft] = useLiveDraft<CatalogueDraft>({
    companies: companyRows(saved.compagnie),
    rami: saved.rami.join('\n'),
    frequencies: saved.frazionamenti,
    slides: saved.slides,
  });
  const { companies, rami, frequencies, slides } = draft;
  const setCompanies = (next: CompanyDraft[]) => setDraft((d) => ({ ...d, companies: next }));
  const setRami = (next: string) => setDraft((d) => ({ ...d, rami: next }));
  const setFrequencies = (next: Frequency[]) => setDraft((d) => ({ ...d, frequencies: next }));
  const setSlides = (next: Slide[]) => setDraft((d) => ({ ...d, slides: next }));
  const { busy, save } = useSave(saved);
  const frequency = (code: string) => frequencies.find((f) => f.code === code);
  const setFrequency = (base: Frequency, on: boolean, name?: string) => {
    const others = frequencies.filter((f) => f.code !== base.code);
    const next = on ? [...others, { ...base, name: name ?? frequency(base.code)?.name ?? base.name }] : others;
    setFrequencies(FREQUENCIES.map((f) => next.find((n) => n.code === f.code)).filter((f): f is Frequency => Boolean(f)));
  };
  const slide = (index: number, patch: Partial<Slide>) => setSlides(slides.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  const submit = () =>
    void save({
      compagnie: compagnieOf(companies),
      rami: linesOf(rami),
      frazionamenti: frequencies,
      slides: slides.map((s) => ({ title: s.title.trim(), text: (s.text ?? '').trim(), link: s.link?.trim() || null })),
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg">
        <Title order={4} mb="sm">
          {t('catalogue.companies')}
        </Title>
        <CompaniesEditor companies={companies} onChange={setCompanies} problems={{}} known={[]} />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="lg" p="lg">
          <TextArea label={t('catalogue.rami')} description={t('catalogue.ramiHelp')} value={rami} onChange={setRami} rows={6} testId="settings-rami" />
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Text fw={500} size="sm" mb={6}>
            {t('catalogue.frequencies')}
          </Text>
          <Stack gap={6}>
            {FREQUENCIES.map((base) => {
              const chosen = frequency(base.code);
              return (
                <Group key={base.code} gap="sm" wrap="nowrap">
                  <Checkbox aria-label={base.code} checked={Boolean(chosen)} onChange={(e) => setFrequency(base, e.currentTarget.checked)} />
                  <TextInput size="xs" aria-label={t('catalogue.frequencyName', { code: base.code })} value={chosen?.name ?? base.name} disabled={!chosen} onChange={(e) => setFrequency(base, true, e.currentTarget.value)} maxLength={120} w={200} />
                  <Text size="xs" c="dimmed">
                    {t('catalogue.instalments', { count: base.rate })}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="lg">
        <Title order={4} mb="sm">
          {t('catalogue.slides')}
        </Title>
        <Stack gap="xs">
          {slides.map((s, index) => (
            <Group key={index} gap="sm" align="flex-end" wrap="nowrap">
              <TextInput size="xs" label={t('catalogue.slideTitle')} value={s.title} onChange={(e) => slide(index, { title: e.currentTarget.value })} maxLength={120} w={220} />
              <TextInput size="xs" label={t('catalogue.slideText')} value={s.text ?? ''} onChange={(e) => slide(index, { text: e.currentTarget.value })} maxLength={500} style={{ flex: 1 }} />
              <TextInput size="xs" label={t('catalogue.slideLink')} value={s.link ?? ''} onChange={(e) => slide(index, { link: e.currentTarget.value })} maxLength={300} w={200} placeholder="/prodotti" />
              <ActionIcon variant="subtle" color="red" aria-label={t('catalogue.slideRemove')} onClick={() => setSlides(slides.filter((_, i) => i !== index))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button variant="default" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => setSlides([...slides, { title: '', text: '', link: '' }])}>
            {t('catalogue.slideAdd')}
          </Button>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button onClick={submit} loading={busy} data-testid="catalogue-save">
          {t('save')}
        </Button>
      </Group>
      <PaymentMethodsCard />
    </Stack>
  );
}
