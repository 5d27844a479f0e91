/**
 * DatePicker and DatesProvider from @mantine/dates, imported from their own files rather than
 * the package's index: the index also imports Popover, ScrollArea, Combobox… from @mantine/core,
 * and every @mantine/core name the shell's code imports lands in the shared Mantine bundle the
 * login page downloads (web/federation/shared.mjs), even when Rollup drops the component.
 */
import type { DatePicker as DatePickerType, DatesProvider as DatesProviderType } from '@mantine/dates';
// @ts-expect-error the package's export map hides its per-component files (same code, no types)
import { DatePicker as DatePickerImpl } from '../../../../node_modules/@mantine/dates/esm/components/DatePicker/DatePicker.mjs';
// @ts-expect-error as above
import { DatesProvider as DatesProviderImpl } from '../../../../node_modules/@mantine/dates/esm/components/DatesProvider/DatesProvider.mjs';

export const DatePicker = DatePickerImpl as typeof DatePickerType;
export const DatesProvider = DatesProviderImpl as typeof DatesProviderType;
