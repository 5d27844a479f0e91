/**
 * The practice's loan (SPEC §2 'Loans practice page'): Prodotto, Istituto, Importo rata, Durata
 * (none for a mortgage), Netto erogato or Importo finanziato, Importo richiesto, Spese istruttoria,
 * Importo totale del credito and Perizia when there are, Polizza, TAN, TAEG, Soglia d'usura.
 */
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Figure, formatEuro, type HostItem } from '@sportello/host-api';
import { loanOf, paidOut } from '../lib/loanQuote';
import { formatPercent, formatRate } from '../lib/taeg';

const euro = (value: number | null): string => (value === null ? '—' : formatEuro(value));
const percent = (value: number | null): string => (value === null ? '—' : formatPercent(value));

export default function LoanCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('prestiti');
  const loan = loanOf(quote);
  const paid = paidOut(loan);
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" data-testid="practice-loan">
      <Group gap="xs" mb="md">
        <Title order={3}>{loan.prodotto || '—'}</Title>
        {!loan.quoted ? (
          <Badge variant="light" color="yellow" radius="sm" tt="none">
            {t('price.toQuote')}
          </Badge>
        ) : null}
      </Group>
      <div className="sp-figures">
        <Figure label={t('fields.prodotto')} value={loan.prodotto || '—'} testId="figure-prodotto" />
        <Figure label={t('fields.istituto')} value={loan.istituto || '—'} testId="figure-istituto" />
        <Figure label={t('fields.rata')} value={loan.rata === null ? t('price.toQuote') : formatEuro(loan.rata)} hint={t('price.monthly')} testId="figure-rata" />
        {loan.kind !== 'mutuo' ? (
          <Figure label={t('fields.durataMonths')} value={loan.durata === null ? '—' : t('price.months', { count: loan.durata })} testId="figure-durata" />
        ) : null}
        <Figure label={t(`fields.${paid.key}`)} value={euro(paid.value)} testId="figure-paid-out" />
        <Figure label={t('fields.importoRichiesto')} value={euro(loan.importoRichiesto)} testId="figure-richiesto" />
        <Figure label={t('fields.istruttoria')} value={euro(loan.istruttoria)} testId="figure-istruttoria" />
        {loan.totaleCredito ? <Figure label={t('fields.totaleCredito')} value={euro(loan.totaleCredito)} testId="figure-totale-credito" /> : null}
        {loan.perizia ? <Figure label={t('fields.perizia')} value={euro(loan.perizia)} testId="figure-perizia" /> : null}
        <Figure label={t('fields.polizza')} value={euro(loan.polizza)} testId="figure-polizza" />
        <Figure label={t('fields.tan')} value={percent(loan.tan)} testId="figure-tan" />
        <Figure label={t('fields.taeg')} value={percent(loan.taeg)} testId="figure-taeg" />
        <Figure
          label={t('fields.soglia')}
          value={loan.sogliaUsura === null ? '—' : formatRate(loan.sogliaUsura)}
          testId="figure-soglia"
        />
        {loan.nettoMensile !== null ? <Figure label={t('fields.nettoMensile')} value={euro(loan.nettoMensile)} testId="figure-netto-mensile" /> : null}
      </div>
      <Text size="xs" c="dimmed" mt="sm">
        {t('practice.taegNote')}
      </Text>
    </Paper>
  );
}
