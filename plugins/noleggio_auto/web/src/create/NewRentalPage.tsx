/**
 * `/noleggio-auto/nuovo` (`?aId=` for the collaborator it is for): the rental product, a car of
 * the catalogue, the terms and the customer's data, then `createQuote` and on to the practice.
 * Refusals show as a notification and, when the server names fields, under those fields.
 */
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCatalogue } from '../catalogue/useCatalogue';
import BackToList from '../components/BackToList';
import { errorMessage, fieldErrorsOf, lineProducts, PlainSelect, productFields, Section, useAgentChoice, useHost } from '@sportello/host-api';
import type { Car } from '../lib/catalogue';
import { createQuoteBody, listTerms, type RentalTerms } from '../lib/newRental';
import { PRODUCT_ID } from '../lib/rentalQuote';
import { paths } from '../paths';
import CarChoice from './CarChoice';
import RentalSummary from './RentalSummary';
import TermsFields from './TermsFields';
import '@sportello/host-api/line.css';
import '../rental.css';

export default function NewRentalPage() {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const products = lineProducts(host.useCollection('products'), PRODUCT_ID);
  const [agentId, setAgentId] = useAgentChoice();
  const [chosenProduct, setProductId] = useState<string | null>(null);
  const [car, setCar] = useState<Car | null>(null);
  const [terms, setTerms] = useState<RentalTerms | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const forOthers = !host.flags.agent;
  const product = products.find((p) => p._id === chosenProduct) ?? products[0];
  const fields = useMemo(() => productFields(product), [product]);
  const { CustomerFieldsForm, CollaboratorSelect } = host.ui;
  const setupTitle = !forOthers ? 'create.product' : products.length > 1 ? 'create.agentAndProduct' : 'create.agent';

  if (forOthers && !host.flags.canEdit) {
    return <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>{t('create.notAllowed')}</Alert>;
  }

  const chooseCar = (next: Car) => {
    setCar(next);
    setTerms(listTerms(next));
  };

  const submit = async () => {
    const missing = !product
      ? t('create.noProduct')
      : !car || !terms
        ? t('create.chooseCar')
        : forOthers && !agentId
          ? t('create.chooseAgent')
          : null;
    setProblem(missing);
    if (missing || !product || !car || !terms) return;
    setSending(true);
    try {
      const body = createQuoteBody({ productId: product._id, agentId: forOthers ? agentId : null, values, car, terms });
      const { _id } = await host.call<{ _id: string }>('createQuote', body);
      host.notify.success(t('create.created'));
      void navigate(paths.practice(_id));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      host.notify.error(t('create.error', { message: errorMessage(error) }));
      setSending(false);
    }
  };

  return (
    <Stack gap="lg" className="sp-page" data-testid="rental-new">
      <div>
        <BackToList />
        <Title order={2} mt={4}>
          {t('create.title')}
        </Title>
        <Text c="dimmed">{product ? String(product.name ?? '') : t('create.subtitle')}</Text>
      </div>
      {!products.length ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} data-testid="rental-no-product">
          {t('create.noProduct')}
        </Alert>
      ) : (
        <div className="na-create">
          <Stack gap="lg">
            {forOthers || products.length > 1 ? (
              <Section title={t(setupTitle)} testId="rental-setup">
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
            <Section step={1} title={t('create.car')} testId="rental-cars">
              <CarChoice catalogue={catalogue} chosenId={car?._id ?? null} onChoose={chooseCar} />
            </Section>
            <Section step={2} title={t('create.terms')} testId="rental-terms">
              {car && terms ? (
                <TermsFields car={car} terms={terms} onChange={setTerms} />
              ) : (
                <Text c="dimmed" size="sm">
                  {t('create.termsAfterCar')}
                </Text>
              )}
            </Section>
            <Section step={3} title={t('create.customer')} testId="rental-customer">
              {fields.length ? (
                <CustomerFieldsForm fields={fields} value={values} onChange={setValues} errors={errors} />
              ) : (
                <Text c="dimmed" size="sm">
                  {t('create.noFields')}
                </Text>
              )}
            </Section>
            {problem ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="rental-problem">
                {problem}
              </Alert>
            ) : null}
          </Stack>
          <RentalSummary
            car={car}
            terms={terms}
            agentName={forOthers ? host.userName(agentId) : null}
            sending={sending}
            onSubmit={() => void submit()}
          />
        </div>
      )}
    </Stack>
  );
}
