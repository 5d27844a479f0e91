/**
 * The consultancy of a practice (SPEC §5): a range over the company's bounds, starting at their
 * midpoint, in the line's unit (a rate in % of the fee, an amount in euro), disabled once the
 * emission is requested. A native range in the theme's colours (`sp-range` in
 * `@sportello/host-api/line.css`): Mantine's Slider is not among the shell's shared components,
 * and adding it would grow every page's bundle.
 */
import { Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId, type CSSProperties, type ReactNode } from 'react';

/** The range: from `min` to `max`, and the `midpoint` it starts at. */
export interface ConsultancyRange {
  min: number;
  max: number;
  midpoint: number;
}

export interface ConsultancySliderProps {
  /** The range's label ('Consulenza'). */
  label: ReactNode;
  bounds: ConsultancyRange;
  value: number;
  /** The range's step: 0.1 % for a rate, 0.01 for euro. */
  step: number;
  /** A value as shown ('3,5 %', '12,40 €'): the chosen one, the bounds, the screen reader's text. */
  format: (value: number) => string;
  /** The caption under the middle of the range ('predefinita 3,5 %'). */
  midpointLabel: ReactNode;
  /** The range's new position; the line rounds it and keeps it within the bounds. */
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Why the consultancy no longer moves, shown under the range with a lock (emission requested). */
  lockedNote?: ReactNode;
}

export default function ConsultancySlider({
  label,
  bounds,
  value,
  step,
  format,
  midpointLabel,
  onChange,
  disabled,
  lockedNote,
}: ConsultancySliderProps) {
  const id = useId();
  const span = bounds.max - bounds.min;
  const fill = span > 0 ? ((value - bounds.min) / span) * 100 : 100;
  return (
    <Stack gap={6}>
      <div data-testid="consultancy">
        <Group justify="space-between" mb={6}>
          <Text component="label" htmlFor={id} size="sm" fw={600}>
            {label}
          </Text>
          <Text fw={800} size="lg" c="primary" data-testid="consultancy-value">
            {format(value)}
          </Text>
        </Group>
        <input
          id={id}
          type="range"
          className="sp-range"
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={value}
          disabled={disabled || span <= 0}
          aria-valuetext={format(value)}
          style={{ '--sp-fill': `${fill}%` } as CSSProperties}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
          data-testid="consultancy-slider"
        />
        <Group justify="space-between" mt={2}>
          <Text size="xs" c="dimmed">
            {format(bounds.min)}
          </Text>
          <Text size="xs" c="dimmed">
            {midpointLabel}
          </Text>
          <Text size="xs" c="dimmed">
            {format(bounds.max)}
          </Text>
        </Group>
      </div>
      {lockedNote ? (
        <Text size="xs" c="dimmed">
          <IconLock size={12} style={{ verticalAlign: -1, marginRight: 4 }} />
          {lockedNote}
        </Text>
      ) : null}
    </Stack>
  );
}
