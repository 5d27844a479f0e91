/**
 * The customer fields of a product (SPEC §3), one input per field type, with the validators
 * of `validators.ts`. A field's own check shows once it has been left (blur); the `errors`
 * given by the caller (a submit, or the server's answer) show until that field is edited.
 * Values are keyed by field id; `toUsrData` turns them into what `createQuote` expects.
 */
import { Box, Checkbox, Group, Input, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostContext, HostItem } from '@sportello/host-api';
import { AmountInput, PlainSelect } from '@sportello/host-api';
import {
  AtrInput,
  BrandModelInput,
  DateField,
  Hint,
  PlateInput,
  PreviousInsuranceInput,
  RegistrationInput,
} from './inputs';
import {
  AMOUNT_TYPES,
  decodeCodiceFiscale,
  isPartitaIva,
  normaliseCode,
  validateValue,
  type FieldDef,
  type Translate,
} from './validators';
import { decodeFiscalCode, type FiscalCodeFacts } from '../../clients/api';
import { birthText } from '../../clients/components/birthText';

export type CustomerFieldsFormProps = React.ComponentProps<HostContext['ui']['CustomerFieldsForm']>;

/** A product's field as a definition (the collection items carry it loosely typed). */
export function asFieldDef(item: HostItem | FieldDef): FieldDef {
  return {
    _id: String(item._id),
    name: typeof item.name === 'string' ? item.name : String(item._id),
    type: String(item.type),
    required: item.required === true,
    options: Array.isArray(item.options) ? item.options.map(String) : undefined,
    hide: item.hide === true,
  };
}

/** Field types laid out across the whole row; the others take half of it on wide screens. */
const WIDE = new Set(['targa', 'atr', 'marcamodello', 'immatricolazione', 'pa', 'Selezione multipla']);

/** Birth date, sex and town or state of a valid code (the place from the server's ISTAT
 * list, the code standing in until it answers); 'Partita IVA' for a VAT number. */
function FiscalCodeHint({ code }: { code: string }) {
  const { t } = useTranslation('fields');
  const decoded = code.length === 16 ? decodeCodiceFiscale(code) : null;
  const valid = decoded !== null;
  const [place, setPlace] = useState<{ code: string; facts: FiscalCodeFacts | null } | null>(null);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    void decodeFiscalCode(code).then((facts) => live && setPlace({ code, facts }));
    return () => {
      live = false;
    };
  }, [code, valid]);
  if (decoded) {
    const facts = place?.code === code ? place.facts : null;
    return <>{birthText(t, { ...decoded, place: facts?.place, abroad: facts?.abroad })}</>;
  }
  return code.length === 11 && isPartitaIva(code) ? <>{t('cf.company')}</> : null;
}

interface FieldInputProps {
  field: FieldDef;
  value: unknown;
  onChange: (next: unknown) => void;
  onBlur: () => void;
  error: string | null;
}

function FieldInput({ field, value, onChange, onBlur, error }: FieldInputProps): ReactNode {
  const { t } = useTranslation('fields');
  const common = { label: field.name, withAsterisk: field.required, onBlur, error };
  const hint = field.hide ? t('hidden') : undefined;
  const text = typeof value === 'string' ? value : '';
  const options = field.options ?? [];
  switch (field.type) {
    case 'text':
      return <TextInput {...common} description={hint} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'cf':
      return (
        <TextInput
          {...common}
          description={!error && text ? <FiscalCodeHint code={text} /> : hint}
          placeholder={t('cf.placeholder')}
          value={text}
          maxLength={16}
          autoComplete="off"
          onChange={(e) => onChange(normaliseCode(e.currentTarget.value))}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 } }}
        />
      );
    case 'Selezione':
      return (
        <PlainSelect
          label={field.name}
          withAsterisk={field.required}
          description={hint}
          error={error}
          // a value no longer among the options stays visible (the validator says it is not allowed)
          data={text && !options.includes(text) ? [...options, text] : options}
          value={text}
          onChange={(next) => onChange(next || null)}
          onBlur={onBlur}
          placeholder={t('select.placeholder')}
        />
      );
    case 'Selezione multipla': {
      const chosen = Array.isArray(value) ? value.map(String) : [];
      return (
        <Checkbox.Group
          {...common}
          description={hint}
          value={chosen}
          // in the options' order, whatever order they were ticked in
          onChange={(next) => {
            onChange([...options, ...chosen].filter((o, i, all) => next.includes(o) && all.indexOf(o) === i));
            onBlur();
          }}
        >
          <Group gap="md" mt={6}>
            {[...new Set([...options, ...chosen])].map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    }
    case 'Data':
      return (
        <DateField
          label={field.name}
          required={field.required}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
        />
      );
    case 'bool':
      return (
        <Checkbox
          label={field.name}
          description={hint}
          checked={value === true}
          onChange={(e) => {
            onChange(e.currentTarget.checked);
            onBlur();
          }}
          error={error}
          mt="md"
        />
      );
    default:
      if (AMOUNT_TYPES.includes(field.type)) {
        return (
          <AmountInput
            label={field.name}
            required={field.required}
            value={typeof value === 'number' ? value : null}
            onChange={onChange}
            onBlur={onBlur}
            error={error}
          />
        );
      }
      return <CompositeInput field={field} value={value} onChange={onChange} onBlur={onBlur} error={error} />;
  }
}

/** Inputs made of several boxes: a legend with the field's name, the boxes, the error below. */
function CompositeInput({ field, value, onChange, onBlur, error }: FieldInputProps) {
  const { t } = useTranslation('fields');
  const props = { value: value as never, onChange, onBlur, error };
  const inputs: Record<string, ReactNode> = {
    targa: <PlateInput {...props} />,
    atr: <AtrInput {...props} />,
    marcamodello: <BrandModelInput {...props} />,
    immatricolazione: <RegistrationInput {...props} />,
    pa: <PreviousInsuranceInput {...props} />,
  };
  return (
    <Paper component="fieldset" aria-label={field.name} withBorder radius="md" px="md" pb="md" pt={4} m={0} miw={0}>
      <Box component="legend" px={6}>
        <Input.Label required={field.required} fw={600}>
          {field.name}
        </Input.Label>
      </Box>
      <Stack gap={6}>
        {field.hide && <Hint>{t('hidden')}</Hint>}
        {inputs[field.type] ?? null}
        {error && <Input.Error>{error}</Input.Error>}
      </Stack>
    </Paper>
  );
}

export function CustomerFieldsForm({ fields, value, onChange, errors }: CustomerFieldsFormProps) {
  const { t } = useTranslation('fields');
  const defs = useMemo(() => fields.map(asFieldDef), [fields]);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [editedSinceErrors, setEditedSinceErrors] = useState<ReadonlySet<string>>(new Set());
  const errorsKey = JSON.stringify(errors ?? {});
  useEffect(() => setEditedSinceErrors(new Set()), [errorsKey]);
  const translate: Translate = (key, vars) => t(key, vars);

  const errorOf = (field: FieldDef): string | null => {
    const given = editedSinceErrors.has(field._id) ? undefined : errors?.[field._id];
    if (given) return given;
    return left.has(field._id) ? validateValue(field, value[field._id], translate) : null;
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {defs.map((field) => (
        <Box key={field._id} style={WIDE.has(field.type) ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput
            field={field}
            value={value[field._id]}
            error={errorOf(field)}
            onBlur={() => setLeft((prev) => (prev.has(field._id) ? prev : new Set(prev).add(field._id)))}
            onChange={(next) => {
              setEditedSinceErrors((prev) => (prev.has(field._id) ? prev : new Set(prev).add(field._id)));
              onChange({ ...value, [field._id]: next });
            }}
          />
        </Box>
      ))}
    </SimpleGrid>
  );
}

export default CustomerFieldsForm;
