/**
 * One plate of the register: Targa, Tipo, Proprietario (name and fiscal code), Marca e modello,
 * Immatricolazione, Polizza (number and company), Scadenza, and the actions. A grid row of the
 * host API's list style, placed at `offset` and measured; a click or Enter opens the plate.
 */
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import type { RowMeasure } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import CoverText from '../components/CoverText';
import { kindLabel, registrationLabel } from '../components/labels';
import { vehicleName, type Plate } from '../lib/records';
import { NAMESPACE } from '../paths';

export interface PlateRowProps {
  plate: Plate;
  index: number;
  offset: number;
  /** VirtualRows' measuring props: the row takes its content's height. */
  measure?: RowMeasure;
  today: string;
  canWrite: boolean;
  onOpen: (plate: Plate) => void;
  onEdit: (plate: Plate) => void;
  onRetire: (plate: Plate) => void;
}

function PlateRow({ plate, index, offset, measure, today, canWrite, onOpen, onEdit, onRetire }: PlateRowProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div
      {...measure}
      role="row"
      tabIndex={0}
      aria-rowindex={index + 2}
      aria-label={t('actions.open', { targa: plate.targa })}
      data-testid="plate-row"
      data-id={plate._id}
      data-plate={plate.targa}
      className="sp-grid sp-row"
      style={{ transform: `translateY(${offset}px)` }}
      onClick={() => onOpen(plate)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(plate);
      }}
    >
      <div className="sp-cell" role="cell">
        <Text className="rca-plate" size="sm" fw={700}>
          {plate.targa}
        </Text>
        {plate.targaAgev ? (
          <Badge size="xs" variant="light" radius="sm" tt="none">
            {t('editor.fields.targaAgev')}
          </Badge>
        ) : null}
      </div>
      <Text className="sp-cell" role="cell" size="sm">
        {kindLabel(t, plate.tipo)}
      </Text>
      <div className="sp-cell" role="cell">
        <Text size="sm" fw={500} truncate="end">
          {plate.cliente || '—'}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {plate.cf}
        </Text>
      </div>
      <Text className="sp-cell" role="cell" size="sm" truncate="end">
        {vehicleName(plate) || '—'}
      </Text>
      <Text className="sp-cell" role="cell" size="sm">
        {registrationLabel(t, plate.immatricolazione)}
      </Text>
      <div className="sp-cell" role="cell">
        {plate.polizza ? (
          <>
            <Text size="sm" truncate="end">
              {plate.polizza.numero || '—'}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {plate.polizza.compagnia}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </div>
      <div className="sp-cell" role="cell">
        <CoverText policy={plate.polizza} today={today} />
      </div>
      <Group className="sp-cell" role="cell" gap={4} justify="flex-end" wrap="nowrap">
        {canWrite ? (
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`${t('actions.edit')} ${plate.targa}`}
              title={t('actions.edit')}
              onClick={(event) => {
                event.stopPropagation();
                onEdit(plate);
              }}
              onKeyDown={(event) => event.stopPropagation()}
              data-testid="plate-edit"
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('actions.retire')} ${plate.targa}`}
              title={t('actions.retire')}
              onClick={(event) => {
                event.stopPropagation();
                onRetire(plate);
              }}
              onKeyDown={(event) => event.stopPropagation()}
              data-testid="plate-retire"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </>
        ) : null}
      </Group>
    </div>
  );
}

export default memo(PlateRow);
