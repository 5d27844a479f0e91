/**
 * `/prestiti/nuovo` (`?aId=` for the collaborator it is for): the loan product, the loan asked
 * for and the customer's data, then `createQuote` and on to the practice. The server's refusals
 * (the fifth of pay, the 120 months…) show as a notification and inline; per-field ones under
 * the customer's fields.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCirclePlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf, lineProducts, PlainSelect, productFields, Section, useAgentChoice, useHost } from '@sportello/host-api';
import BackToList from '../components/BackToList';
import { PRODUCT_ID } from '../lib/loanQuote';
import { createQuoteBody, draftProblems, emptyDraft, type LoanDraft } from '../lib/newLoan';
import { paths } from '../paths';
import LoanFields from './LoanFields';
import '@sportello/host-api/line.css';
import '../loans.css';

export default function NewLoanPage() {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const navigate = useNavigate();
  const products = lineProducts(host.useCollection('products'), PRODUCT_ID);
  const [agentId, setAgentId] = useAgentChoice();
  const [chosenProduct, setProductId] = useState<string | null>(null);
  const [draft, setDraft] = useState<LoanDraft>(() => emptyDraft());
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const forOthers = !host.flags.agent;
  const product = products.find((p) => p._id === chosenProduct) ?? products[0];
  const fields = useMemo(() => productFields(product), [product]);
  const problems = draftProblems(draft);
  const { CustomerFieldsForm, CollaboratorSelect } = host.ui;

  if (forOthers && !host.flags.canEdit) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
        {t('create.notAllowed')}
      </Alert>
    );
  }

  const errorOf = (field: keyof LoanDraft) => {
    const key = checked ? problems[field] : undefined;
    return key ? t(key) : null;
  };
  const change = (patch: Partial<LoanDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  };

  const submit = async () => {
    setChecked(true);
    const missing = !product ? t('create.noProduct') : forOthers && !agentId ? t('create.chooseAgent') : null;
    setProblem(missing);
    if (missing || !product || Object.keys(problems).length) return;
    setSending(true);
    try {
      const body = createQuoteBody({ productId: product._id, agentId: forOthers ? agentId : null, values, draft });
      const { _id } = await host.call<{ _id: string }>('createQuote', body);
      host.notify.success(t('create.created'));
      void navigate(paths.practice(_id));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setProblem(errorMessage(error));
      host.notify.error(t('create.error', { message: errorMessage(error) }));
      setSending(false);
    }
  };

  return (
    <Stack gap="lg" className="sp-page" maw={960} data-testid="loan-new-page">
      <div>
        <BackToList />
        <Title order={2} mt={4}>
          {t('create.title')}
        </Title>
        <Text c="dimmed">{product ? String(product.name ?? '') : t('create.subtitle')}</Text>
      </div>
      {!products.length ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} data-testid="loan-no-product">
          {t('create.noProduct')}
        </Alert>
      ) : (
        <>
          {forOthers || products.length > 1 ? (
            <Section title={t(forOthers ? 'create.agent' : 'create.product')} testId="loan-setup">
              <Group grow align="flex-start">
                {forOthers ? <CollaboratorSelect label={t('list.assign')} value={agentId} onChange={setAgentId} /> : null}
                {products.length > 1 ? (
                  <PlainSelect
                    label={t('create.product')}
                    data={products.map((p) => ({ value: p._id, label: String(p.name ?? p._id) }))}
                    value={product?._id ?? ''}
                    onChange={setProductId}
                  />
                ) : null}
              </Group>
            </Section>
          ) : null}
          <Section step={1} title={t('create.loan')} testId="loan-terms">
            <LoanFields draft={draft} onChange={change} errorOf={errorOf} />
          </Section>
          <Section step={2} title={t('create.customer')} testId="loan-customer">
            {fields.length ? (
              <CustomerFieldsForm fields={fields} value={values} onChange={setValues} errors={errors} />
            ) : (
              <Text c="dimmed" size="sm">
                {t('create.noFields')}
              </Text>
            )}
          </Section>
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="loan-problem">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button size="md" leftSection={<IconCirclePlus size={18} />} loading={sending} onClick={() => void submit()} data-testid="loan-submit">
              {t('create.submit')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
