/** The CU class that applies, as a badge, and where it comes from when the household was asked too. */
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyingClass, type ClassAnswer } from '../lib/bersani';
import { NAMESPACE } from '../paths';

export default function ApplyingClass({ answer, testId }: { answer: ClassAnswer; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const applying = applyingClass(answer);
  return (
    <Group gap="sm">
      <Badge size="xl" radius="sm" tt="none" data-testid={testId} data-class={applying.classe}>
        {t('cu.result', { classe: applying.classe })}
      </Badge>
      {applying.inheritedFrom ? (
        <Text size="sm" data-testid={`${testId}-source`}>
          {t('bersani.appliesInherited', { targa: applying.inheritedFrom, classe: answer.classeAtr })}
        </Text>
      ) : answer.bersani ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-source`}>
          {t('bersani.appliesCertificate')}
        </Text>
      ) : null}
    </Group>
  );
}
