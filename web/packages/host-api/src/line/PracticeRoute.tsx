/**
 * A line's practice page at `:id`: the practice from the live `preventivi` collection when it is
 * one of the line's, a loader until the first sync is over (it may still arrive), then
 * `notFound` (an unknown practice, or one this user may not see).
 */
import { Anchor, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { HostItem } from '../contract';
import { useHost } from '../useHost';

export interface PracticeRouteProps {
  /** The line's product id: the practices' `type`. */
  line: string;
  /** The page of the practice found (key it by `quote._id`, so another practice starts afresh). */
  render: (quote: HostItem) => ReactNode;
  notFound: ReactNode;
}

export default function PracticeRoute({ line, render, notFound }: PracticeRouteProps) {
  const { id = '' } = useParams();
  const host = useHost();
  const quote = host.useCollection('preventivi')[id];
  if (quote && quote.type === line) return render(quote);
  if (!host.dataLoaded) {
    return (
      <Center className="page-center">
        <Loader />
      </Center>
    );
  }
  return notFound;
}

export interface PracticeNotFoundProps {
  /** The line's icon, crossed out (IconCarOff, IconCashOff…). */
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  /** Where the link back leads (the line's list), and its text. */
  backTo: string;
  backLabel: ReactNode;
}

/** What a line's practice page shows of a practice it cannot find. */
export function PracticeNotFound({ icon, title, text, backTo, backLabel }: PracticeNotFoundProps) {
  return (
    <Center className="page-center">
      <Stack align="center" gap="xs" data-testid="practice-not-found">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Title order={3}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Anchor component={Link} to={backTo}>
          {backLabel}
        </Anchor>
      </Stack>
    </Center>
  );
}
