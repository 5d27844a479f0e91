/**
 * The head of a line's practice page: the link back, the title, the status and whether it is
 * archived; the customer, the practice's number, when and by whom it was created; the emission
 * request once made. The labels are the line's (its translations).
 */
import { Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { HostItem } from '../contract';
import { useHost } from '../useHost';

export interface PracticeHeaderLabels {
  /** The badge of an archived practice. */
  archived: string;
  /** The practice's number ('Pratica n. {{id}}'). */
  id: (id: string) => string;
  /** When it was created, given the date-time as shown. */
  createdAt: (date: string) => string;
  /** When its emission was requested, given the date-time as shown. */
  emissionRequested: (date: string) => string;
}

export interface PracticeHeaderProps {
  quote: HostItem;
  title: ReactNode;
  /** The link above the title (a BackLink to the line's list). */
  back: ReactNode;
  labels: PracticeHeaderLabels;
}

export default function PracticeHeader({ quote, title, back, labels }: PracticeHeaderProps) {
  const host = useHost();
  const { StatusBadge } = host.ui;
  const requested = quote.requestEmission as { at?: string } | undefined;
  const meta = [
    host.quotes.customerName(quote),
    labels.id(quote._id),
    labels.createdAt(host.format.dateTime(quote.at)),
    host.userName(quote.aId as string | null),
  ];
  return (
    <div>
      {back}
      <Group gap="sm" mt={4}>
        <Title order={2} data-testid="practice-title">
          {title}
        </Title>
        <StatusBadge status={quote.status as string | null} />
        {quote.archived ? (
          <Badge color="gray" variant="outline">
            {labels.archived}
          </Badge>
        ) : null}
      </Group>
      <Text c="dimmed" size="sm" mt={4} data-testid="practice-meta">
        {meta.filter(Boolean).join(' · ')}
      </Text>
      {requested ? (
        <Text size="sm" c="orange" fw={600} mt={4} data-testid="practice-requested">
          {labels.emissionRequested(host.format.dateTime(requested.at))}
        </Text>
      ) : null}
    </div>
  );
}
