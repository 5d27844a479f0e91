/**
 * The consultancy rate (SPEC §5): a range over the company's qMin..qMax in %, disabled once
 * emission is requested. A native range styled in the theme's colours (Mantine's Slider is not
 * among the shell's shared components, and adding it would grow every page's bundle).
 */
import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { clampRate, sliderStep, type ConsultancyBounds } from '../lib/consultancy';
import { formatRate } from '../lib/money';

interface Props {
  bounds: ConsultancyBounds;
  value: number;
  onChange: (value: number) => void;
  disabled: boolean;
}

export default function ConsultancySlider({ bounds, value, onChange, disabled }: Props) {
  const { t } = useTranslation('noleggio_auto');
  const id = useId();
  const span = bounds.max - bounds.min;
  const fill = span > 0 ? ((value - bounds.min) / span) * 100 : 100;
  return (
    <div data-testid="consultancy">
      <Group justify="space-between" mb={6}>
        <Text component="label" htmlFor={id} size="sm" fw={600}>
          {t('quotation.consultancy')}
        </Text>
        <Text fw={800} size="lg" c="primary" data-testid="consultancy-value">
          {formatRate(value)} %
        </Text>
      </Group>
      <input
        id={id}
        type="range"
        className="na-range"
        min={bounds.min}
        max={bounds.max}
        step={sliderStep(bounds)}
        value={value}
        disabled={disabled || span === 0}
        aria-valuetext={`${formatRate(value)} %`}
        style={{ '--na-fill': `${fill}%` } as React.CSSProperties}
        onChange={(event) => onChange(clampRate(Number(event.currentTarget.value), bounds))}
        data-testid="consultancy-slider"
      />
      <Group justify="space-between" mt={2}>
        <Text size="xs" c="dimmed">
          {formatRate(bounds.min)} %
        </Text>
        <Text size="xs" c="dimmed">
          {t('quotation.midpoint', { value: formatRate(bounds.midpoint) })}
        </Text>
        <Text size="xs" c="dimmed">
          {formatRate(bounds.max)} %
        </Text>
      </Group>
    </div>
  );
}
