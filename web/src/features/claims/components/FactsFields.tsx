/**
 * The facts of a claim, as the agent, the office and the customer write them: the day of the
 * event, the day it became known, the third party's request (staff only), the place, what
 * happened and up to five other parties.
 */
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import DayInput from '../../../components/DayInput';
import { TextArea } from '../../../components/NativeChoices';
import { emptyCounterparty, MAX_COUNTERPARTIES, type Counterparty } from '../claimLogic';
import type { FactsDraft } from '../facts';

interface Props {
  value: FactsDraft;
  onChange: (next: FactsDraft) => void;
  /** The latest day accepted (today, Rome). */
  today: string;
  /** Show the third party's request for damages (staff). */
  withThirdParty?: boolean;
}

const PARTY_FIELDS = ['name', 'plate', 'vehicle', 'company'] as const;
const PARTY_MAX: Record<(typeof PARTY_FIELDS)[number], number> = { name: 120, plate: 12, vehicle: 120, company: 120 };

export default function FactsFields({ value, onChange, today, withThirdParty = false }: Props) {
  const { t } = useTranslation('claims');
  const set = (patch: Partial<FactsDraft>) => onChange({ ...value, ...patch });
  const setParty = (index: number, patch: Partial<Counterparty>) =>
    set({ counterparties: value.counterparties.map((row, i) => (i === index ? { ...row, ...patch } : row)) });

  return (
    <Stack gap="sm" data-testid="claim-facts-fields">
      <SimpleGrid cols={{ base: 1, sm: withThirdParty ? 3 : 2 }}>
        <DayInput label={t('fields.eventDate')} value={value.eventDate} max={today} required onChange={(next) => set({ eventDate: next })} data-testid="claim-event-date" />
        <DayInput
          label={t('fields.knownOn')}
          description={t('fields.knownOnHelp')}
          value={value.knownOn}
          min={value.eventDate ?? undefined}
          max={today}
          clearable
          onChange={(next) => set({ knownOn: next })}
          data-testid="claim-known-on"
        />
        {withThirdParty ? (
          <DayInput
            label={t('fields.thirdPartyClaimOn')}
            value={value.thirdPartyClaimOn}
            min={value.eventDate ?? undefined}
            clearable
            onChange={(next) => set({ thirdPartyClaimOn: next })}
            data-testid="claim-third-party"
          />
        ) : null}
      </SimpleGrid>
      <TextInput label={t('fields.place')} value={value.place} maxLength={200} onChange={(e) => set({ place: e.currentTarget.value })} data-testid="claim-place" />
      <TextArea
        label={t('fields.description')}
        description={t('fields.descriptionHelp')}
        value={value.description}
        maxLength={4000}
        rows={4}
        onChange={(description) => set({ description })}
        testId="claim-description"
      />
      <Text fw={600} size="sm">
        {t('counterparty.title')}
      </Text>
      {value.counterparties.map((row, index) => (
        <Paper key={index} withBorder radius="md" p="sm" data-testid="claim-counterparty">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500}>
              {t('counterparty.one', { n: index + 1 })}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('counterparty.remove', { n: index + 1 })}
              title={t('counterparty.remove', { n: index + 1 })}
              onClick={() => set({ counterparties: value.counterparties.filter((_, i) => i !== index) })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {PARTY_FIELDS.map((field) => (
              <TextInput
                key={field}
                size="sm"
                label={t(`counterparty.${field}`)}
                value={row[field]}
                maxLength={PARTY_MAX[field]}
                onChange={(e) => setParty(index, { [field]: e.currentTarget.value })}
                data-testid={`counterparty-${field}`}
              />
            ))}
          </SimpleGrid>
        </Paper>
      ))}
      {value.counterparties.length < MAX_COUNTERPARTIES ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={() => set({ counterparties: [...value.counterparties, emptyCounterparty()] })}
            data-testid="counterparty-add"
          >
            {t('counterparty.add')}
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('counterparty.max', { count: MAX_COUNTERPARTIES })}
        </Text>
      )}
    </Stack>
  );
}
