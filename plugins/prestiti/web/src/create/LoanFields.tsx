/** The loan asked for: kind, Importo richiesto, Durata, Netto mensile (loans from pay), Rata richiesta, Istituto. */
import { SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, PlainSelect } from '@sportello/host-api';
import { durationInYears, KIND_LABELS, LOAN_KINDS, onPay, type LoanKind } from '../lib/loanQuote';
import type { LoanDraft } from '../lib/newLoan';

interface Props {
  draft: LoanDraft;
  onChange: (patch: Partial<LoanDraft>) => void;
  errorOf: (field: keyof LoanDraft) => ReactNode;
}

const KINDS = LOAN_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

export default function LoanFields({ draft, onChange, errorOf }: Props) {
  const { t } = useTranslation('prestiti');
  const years = durationInYears(draft.kind);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <PlainSelect
        label={t('fields.kind')}
        data={KINDS}
        value={draft.kind}
        onChange={(kind) => onChange({ kind: kind as LoanKind })}
        data-testid="loan-kind"
      />
      <AmountInput
        label={t('fields.importoRichiesto')}
        required
        value={draft.importoRichiesto}
        onChange={(importoRichiesto) => onChange({ importoRichiesto })}
        error={errorOf('importoRichiesto')}
        data-testid="loan-amount"
      />
      <AmountInput
        label={t(years ? 'fields.durataYears' : 'fields.durataMonths')}
        decimals={0}
        suffix={t(years ? 'price.yearsUnit' : 'price.monthsUnit')}
        required
        value={draft.durata}
        onChange={(durata) => onChange({ durata })}
        error={errorOf('durata')}
        data-testid="loan-duration"
      />
      {onPay(draft.kind) ? (
        <AmountInput
          label={t('fields.nettoMensile')}
          required
          value={draft.nettoMensile}
          onChange={(nettoMensile) => onChange({ nettoMensile })}
          error={errorOf('nettoMensile')}
          description={t('create.fifthHint')}
          data-testid="loan-net-pay"
        />
      ) : null}
      <AmountInput
        label={t('fields.rataRichiesta')}
        value={draft.rata}
        onChange={(rata) => onChange({ rata })}
        error={errorOf('rata')}
        data-testid="loan-instalment"
      />
      <TextInput
        label={t('fields.istituto')}
        value={draft.istituto}
        maxLength={120}
        onChange={(event) => onChange({ istituto: event.currentTarget.value })}
        data-testid="loan-institute"
      />
    </SimpleGrid>
  );
}
