/** The range of a money screen: a button with the range's label that opens the quotes list's
 * presets, calendar and manual entry (closed by default, as in the policies list). */
import { Button, Paper } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DateRangeFilter, { useRangeLabel } from '../quotes/components/DateRangeFilter';
import type { DateRange } from '../quotes/dates';

export default function RangePicker({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const { t } = useTranslation('money');
  const [open, setOpen] = useState(false);
  const label = useRangeLabel(range[0], range[1]);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconCalendar size={16} />}
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-label={`${t('range')}: ${label}`}
        style={{ alignSelf: 'flex-start' }}
        data-testid="money-range"
      >
        {label}
      </Button>
      {open ? (
        <Paper withBorder radius="lg" p="md">
          <DateRangeFilter
            from={range[0]}
            to={range[1]}
            onChange={(from, to) => from && to && onChange([from, to])}
            onDone={() => setOpen(false)}
          />
        </Paper>
      ) : null}
    </>
  );
}
