/**
 * A list from one set of column definitions: a Mantine Table on tablets and wider (scrolling in
 * its own box when it is wider than the page), and on phones (below the theme's `sm`
 * breakpoint) a card per row: the `title` columns first, the other columns as label and value,
 * two to a line; a column marked `card: 'hidden'` stays off the card. The row's props (its test
 * id, click and key handlers) go on the table row or on the card alike.
 */
import { Paper, SimpleGrid, Stack, Table, Text, type TableProps, type TableTdProps, type TableThProps } from '@mantine/core';
import type { HTMLAttributes, ReactNode } from 'react';
import { useBelow } from './viewport';
import './listTable.css';

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** How the column shows on a card: the card's head, a labelled field (default), or not at all. */
  card?: 'title' | 'field' | 'hidden';
  /** Props of the column's head and cells in the table (alignment, font). */
  th?: TableThProps;
  td?: TableTdProps;
}

/** What a row carries as a table row or a card: data attributes, handlers, tabIndex, style. */
export type ListRowProps = HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number | undefined>;

export interface ListTableProps<T> {
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => ListRowProps;
  /** Props of the table (spacing, striped…); the table scrolls in its box below `minWidth`. */
  table?: TableProps;
  minWidth?: number;
  /** Names the table's box, which scrolls (and takes the keyboard's focus to) when it is narrow. */
  label: string;
  /** Shown instead of the rows when there are none (a table row across the columns, or alone). */
  empty?: ReactNode;
}

export default function ListTable<T>({ rows, columns, rowKey, rowProps, table, minWidth, label, empty }: ListTableProps<T>) {
  const cards = useBelow('sm');
  if (cards) {
    if (!rows.length) return <>{empty ?? null}</>;
    const titles = columns.filter((column) => column.card === 'title');
    const fields = columns.filter((column) => (column.card ?? 'field') === 'field');
    return (
      <Stack component="ul" gap="xs" className="sp-list-cards" aria-label={label}>
        {rows.map((row) => (
          <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm" className="sp-list-card" {...rowProps?.(row)}>
            {titles.map((column) => (
              <div key={column.key} className="sp-list-card-title">
                {column.cell(row)}
              </div>
            ))}
            <SimpleGrid cols={2} spacing="sm" verticalSpacing={6} mt={titles.length ? 6 : 0}>
              {fields.map((column) => (
                <div key={column.key} className="sp-list-card-field">
                  <Text size="xs" c="dimmed" fw={600}>
                    {column.header}
                  </Text>
                  <div>{column.cell(row)}</div>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth ?? 0} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} {...column.th}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length
            ? rows.map((row) => (
                <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} {...column.td}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : empty && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>{empty}</Table.Td>
                </Table.Tr>
              )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
