/**
 * The shell's date field: the host API's DateField (dd/mm/yyyy whatever the browser's language)
 * with its messages in the user's language. Screens take it with their route: it brings
 * @mantine/dates, which the login screen does not load.
 */
import DateField, { type DateFieldProps } from '@sportello/host-api/DateField';
import { useTranslation } from 'react-i18next';

export type DayInputProps = Omit<DateFieldProps, 'locale' | 'messages' | 'placeholder'>;

export default function DayInput(props: DayInputProps) {
  const { t, i18n } = useTranslation('common');
  return (
    <DateField
      {...props}
      placeholder={t('date.placeholder')}
      locale={i18n.language === 'en' ? 'en' : 'it'}
      messages={{
        invalid: t('date.invalid'),
        before: (min) => t('date.before', { min }),
        after: (max) => t('date.after', { max }),
        controls: {
          clear: t('date.clear'),
          previousMonth: t('date.previousMonth'),
          nextMonth: t('date.nextMonth'),
          previousYear: t('date.previousYear'),
          nextYear: t('date.nextYear'),
          previousDecade: t('date.previousDecade'),
          nextDecade: t('date.nextDecade'),
        },
      }}
    />
  );
}
