/** Title, logo, colours, body template, upload limit, how far back a policy may start without a
 * confirmation, plate in quote, whether emission waits for the pre-contract documents' receipt
 * (`consegnaPrecontrattuale`) and the support text. */
import { Button, Checkbox, FileButton, Group, Image, Paper, SimpleGrid, Stack, Switch, Text, TextInput, TypographyStylesProvider } from '@mantine/core';
import DOMPurify from 'dompurify';
import { IconUpload } from '@tabler/icons-react';
import { useLiveDraft } from '../../lib/liveDraft';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../../components/NativeChoices';
import { useSession } from '../../session/context';
import { errorText, notify } from '../quotes/env';
import { uploadLogo } from './api';
import { HEX } from './settingsForm';
import { useSave } from './useSave';

export default function GeneralSection() {
  const { t } = useTranslation('settings');
  const { settings, tenant } = useSession();
  const saved = {
    title: tenant.title,
    colors: tenant.colors,
    template: tenant.template,
    maxUploadMb: tenant.maxUploadMb,
    plateInQuote: Boolean(settings?.plateInQuote),
    retrodatazioneMaxGiorni: typeof settings?.retrodatazioneMaxGiorni === 'number' ? settings.retrodatazioneMaxGiorni : 30,
    consegnaPrecontrattuale: settings?.consegnaPrecontrattuale === true,
    assistenza: settings?.assistenza ?? '',
  };
  const [draft, setDraft] = useLiveDraft(saved);
  const { busy, save } = useSave(saved);
  const colour = (name: string, value: string) => setDraft({ ...draft, colors: { ...draft.colors, [name]: value } });
  const names = [...new Set(['primary', ...Object.keys(draft.colors)])];
  const logo = async (file: File | null) => {
    if (!file) return;
    try {
      await uploadLogo(file);
      notify.success(t('general.logoSaved'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group align="flex-end" gap="md">
          <TextInput label={t('general.title')} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} maxLength={120} w={360} data-testid="settings-title" />
          <Image src={tenant.logo} alt={t('general.logo')} h={40} w="auto" fit="contain" />
          <FileButton onChange={(file) => void logo(file)} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
                {t('general.logoUpload')}
              </Button>
            )}
          </FileButton>
        </Group>
        <div>
          <Text fw={500} size="sm" mb={6}>
            {t('general.colors')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {names.map((name) => {
              const value = draft.colors[name] ?? '';
              return (
                <Group key={name} gap="xs" wrap="nowrap">
                  <input type="color" aria-label={`${t('general.colors')} ${name}`} value={HEX.test(value) ? value : '#000000'} onChange={(e) => colour(name, e.currentTarget.value)} style={{ width: 40, height: 36, border: 0, background: 'none' }} />
                  <TextInput aria-label={name} label={name} value={value} onChange={(e) => colour(name, e.currentTarget.value)} maxLength={7} w={140} error={value && !HEX.test(value) ? t('general.hex') : undefined} data-testid={`settings-color-${name}`} />
                </Group>
              );
            })}
          </SimpleGrid>
        </div>
        <Group gap="md" align="flex-end">
          <TextInput label={t('general.template')} value={draft.template} onChange={(e) => setDraft({ ...draft, template: e.currentTarget.value })} maxLength={40} w={200} />
          <TextInput
            label={t('general.maxUpload')}
            value={String(draft.maxUploadMb ?? '')}
            onChange={(e) => setDraft({ ...draft, maxUploadMb: Number(e.currentTarget.value.replace(/\D/g, '')) || 0 })}
            rightSection="MB"
            inputMode="numeric"
            w={160}
          />
          <TextInput
            label={t('general.maxPastStart')}
            description={t('general.maxPastStartHelp')}
            value={String(draft.retrodatazioneMaxGiorni)}
            onChange={(e) => setDraft({ ...draft, retrodatazioneMaxGiorni: Math.min(3650, Number(e.currentTarget.value.replace(/\D/g, '')) || 0) })}
            rightSection={t('general.days')}
            rightSectionWidth={56}
            inputMode="numeric"
            w={260}
            data-testid="settings-max-past-start"
          />
          <Checkbox label={t('general.plateInQuote')} checked={draft.plateInQuote} onChange={(e) => setDraft({ ...draft, plateInQuote: e.currentTarget.checked })} />
        </Group>
        <Switch
          label={t('general.precontract')}
          description={t('general.precontractHelp')}
          checked={draft.consegnaPrecontrattuale}
          onChange={(e) => setDraft({ ...draft, consegnaPrecontrattuale: e.currentTarget.checked })}
          data-testid="settings-precontract"
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextArea label={t('general.support')} description={t('general.supportHelp')} value={draft.assistenza} onChange={(assistenza) => setDraft({ ...draft, assistenza })} rows={6} maxLength={20000} testId="settings-support" />
          <div>
            <Text fw={500} size="sm" mb={6}>
              {t('general.preview')}
            </Text>
            <Paper withBorder p="sm" radius="md">
              <TypographyStylesProvider>
                <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(draft.assistenza) }} />
              </TypographyStylesProvider>
            </Paper>
          </div>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={() => void save(draft)} loading={busy} data-testid="settings-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
