/**
 * `/impostazioni` (admins): the tenant's look and support text, statuses, companies and the
 * catalogue lists, product lines, the activity log, the privacy notice and the processing log, the
 * demands-and-needs questionnaires. Saved settings reach every open client through the settings
 * stream; the server refuses invalid values naming the field.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import ActivitySection from './ActivitySection';
import CatalogueSection from './CatalogueSection';
import DunningSection from './DunningSection';
import GeneralSection from './GeneralSection';
import LinesSection from './LinesSection';
import StatusesSection from './StatusesSection';
import TaxesSection from './TaxesSection';
import LogSection from '../privacy/LogSection';
import NoticeSection from '../privacy/NoticeSection';
import QuestionnairesSection from '../needs/QuestionnairesSection';

const TABS = { generale: GeneralSection, stati: StatusesSection, catalogo: CatalogueSection, imposte: TaxesSection, solleciti: DunningSection, prodotti: LinesSection, attivita: ActivitySection, privacy: NoticeSection, registro: LogSection, questionari: QuestionnairesSection } as const;
type Tab = keyof typeof TABS;

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { flags } = useAccess();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as Tab | null) ?? 'generale';
  if (!flags.admin) return <NotFound />;
  const Section = TABS[tab] ?? GeneralSection;
  return (
    <Stack gap="md" className="page" maw={1100} data-testid="settings-page">
      <Title order={2}>{t('title')}</Title>
      <Group gap={6} role="tablist">
        {(Object.keys(TABS) as Tab[]).map((key) => (
          <Button
            key={key}
            role="tab"
            aria-selected={key === tab}
            variant={key === tab ? 'filled' : 'default'}
            size="sm"
            onClick={() => setParams({ tab: key }, { replace: true })}
            data-testid={`settings-tab-${key}`}
          >
            {t(`tabs.${key}`)}
          </Button>
        ))}
      </Group>
      <Section />
    </Stack>
  );
}
