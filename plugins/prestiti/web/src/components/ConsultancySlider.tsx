/**
 * The consultancy (SPEC §5): for loans an amount in euro, between qMin and qMax percent of the
 * instalment, by the cent; disabled once emission is requested. A native range styled in the
 * theme's colours, as the rental module's.
 */
import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@sportello/host-api';
import { clampEuro, type ConsultancyEuro } from '../lib/practiceMoney';

interface Props {
  bounds: ConsultancyEuro;
  value: number;
  onChange: (value: number) => void;
  disabled: boolean;
}

export default function ConsultancySlider({ bounds, value, onChange, disabled }: Props) {
  const { t } = useTranslation('prestiti');
  const id = useId();
  const span = bounds.high - bounds.low;
  const fill = span > 0 ? ((value - bounds.low) / span) * 100 : 100;
  return (
    <div data-testid="consultancy">
      <Group justify="space-between" mb={6}>
        <Text component="label" htmlFor={id} size="sm" fw={600}>
          {t('quotation.consultancy')}
        </Text>
        <Text fw={800} size="lg" c="primary" data-testid="consultancy-value">
          {formatEuro(value)}
        </Text>
      </Group>
      <input
        id={id}
        type="range"
        className="lo-range"
        min={bounds.low}
        max={bounds.high}
        step={0.01}
        value={value}
        disabled={disabled || span <= 0}
        aria-valuetext={formatEuro(value)}
        style={{ '--lo-fill': `${fill}%` } as React.CSSProperties}
        onChange={(event) => onChange(clampEuro(Number(event.currentTarget.value), bounds))}
        data-testid="consultancy-slider"
      />
      <Group justify="space-between" mt={2}>
        <Text size="xs" c="dimmed">
          {formatEuro(bounds.low)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('quotation.midpoint', { value: formatEuro(bounds.midpoint) })}
        </Text>
        <Text size="xs" c="dimmed">
          {formatEuro(bounds.high)}
        </Text>
      </Group>
    </div>
  );
}
