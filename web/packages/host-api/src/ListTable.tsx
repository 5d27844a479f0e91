/**
 * A list from one set of column definitions: a Mantine Table on tablets and wider (scrolling in
 * its own box when it is wider than the page), and on phones (below the theme's `sm`
 * breakpoint) a card per row: the `title` columns first, the other columns as label and value,
 * two to a line (a `wide` column across the card's width, a column without a header unlabelled);
 * a column marked `card: 'hidden'` stays off the card. The row's props (its test id, click and
 * key handlers) go on the table row or on the card alike, a column's `testId` on its table cell
 * or its card value alike, and the list's `testId` on the table or the list of cards.
 */
import { Paper, SimpleGrid, Stack, Table, Text, type TableProps, type TableTdProps, type TableThProps } from '@mantine/core';
import type { HTMLAttributes, ReactNode } from 'react';
import { useBelow } from './viewport';
import './listTable.css';

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /**
   * How the column shows on a card: the card's head, a labelled field (default), a labelled field
   * across the card's width (inputs, checkbox groups, long text), or not at all.
   */
  card?: 'title' | 'field' | 'wide' | 'hidden';
  /** The test id of the column's cells: on the table cell, or on the card's value. */
  testId?: string;
  /** Props of the column's head and cells in the table (alignment, font). */
  th?: TableThProps;
  td?: TableTdProps;
}

/** What a row carries as a table row or a card: data attributes, handlers, tabIndex, style. */
export type ListRowProps = HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number | undefined>;

export interface ListTableProps<T> {
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  /** A row's React key (its position too, for rows without an id of their own). */
  rowKey: (row: T, index: number) => string;
  rowProps?: (row: T) => ListRowProps;
  /** Props of the table (spacing, striped…); the table scrolls in its box below `minWidth`. */
  table?: TableProps;
  minWidth?: number;
  /** Names the table's box, which scrolls (and takes the keyboard's focus to) when it is narrow. */
  label: string;
  /** Shown instead of the rows when there are none (a table row across the columns, or alone). */
  empty?: ReactNode;
  /** The test id of the table, or of the list of cards. */
  testId?: string;
}

/** A column's field on a card: its header as a label (none when it has no header), then its value. */
function CardField<T>({ column, row }: { column: ListColumn<T>; row: T }) {
  return (
    <div className="sp-list-card-field" style={column.card === 'wide' ? { gridColumn: '1 / -1' } : undefined}>
      {column.header ? (
        <Text size="xs" c="dimmed" fw={600}>
          {column.header}
        </Text>
      ) : null}
      <div data-testid={column.testId}>{column.cell(row)}</div>
    </div>
  );
}

export default function ListTable<T>({ rows, columns, rowKey, rowProps, table, minWidth, label, empty, testId }: ListTableProps<T>) {
  const cards = useBelow('sm');
  if (cards) {
    if (!rows.length) return <>{empty ?? null}</>;
    const titles = columns.filter((column) => column.card === 'title');
    const fields = columns.filter((column) => column.card !== 'title' && column.card !== 'hidden');
    return (
      <Stack component="ul" gap="xs" className="sp-list-cards" aria-label={label} data-testid={testId}>
        {rows.map((row, index) => (
          <Paper component="li" key={rowKey(row, index)} withBorder radius="md" p="sm" className="sp-list-card" {...rowProps?.(row)}>
            {titles.map((column) => (
              <div key={column.key} className="sp-list-card-title" data-testid={column.testId}>
                {column.cell(row)}
              </div>
            ))}
            <SimpleGrid cols={2} spacing="sm" verticalSpacing={6} mt={titles.length ? 6 : 0}>
              {fields.map((column) => (
                <CardField key={column.key} column={column} row={row} />
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth ?? 0} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table {...table} data-testid={testId}>
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
            ? rows.map((row, index) => (
                <Table.Tr key={rowKey(row, index)} {...rowProps?.(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} {...column.td} data-testid={column.testId}>
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
