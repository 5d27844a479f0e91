/**
 * `/utenti/{id}`: name, avatar (canEdit), roles with the agent's type and parent (a sub-agent),
 * the users a referrer brings, extra products, commission rates and the withholding rate, the
 * collaborator's tax profile (admins: `TaxProfileSection`); suspend, reactivate and delete. The
 * server checks every change; the screen follows the live user.
 */
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ListTable, PlainSelect, type ListColumn } from '@sportello/host-api';
import { IconBan, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { UserAvatar } from '../../layout/UserAvatar';
import { shortDateTime } from '../../lib/format';
import { useLiveDraft } from '../../lib/liveDraft';
import { canEdit, roleFlags, type User } from '../../lib/roles';
import { useSession } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import { errorText, notify, useCollection, useQuoteEnv } from '../quotes/env';
import { removeUser, saveUser, setSuspended } from './api';
import PhotoButton from './PhotoButton';
import TaxProfileSection from './TaxProfileSection';
import { formFromProvv, GRANTABLE_BY_EMPLOYEE, heldRoles, provvFromForm, RATE_FIELDS, ROLE_KEYS, roleFromForm, type RateForm, type RoleKey, parseRate } from './people';
import { useRoleLabel } from './useRoleLabel';

interface Draft {
  name: string;
  roles: RoleKey[];
  agentType: string;
  parent: string;
  referred: string[];
  extra: string[];
  defaultRate: string;
  rates: RateForm;
  ritenuta: string;
}

/** A line of the commission rates: a product, or a product line's extra product. */
interface RateRow {
  id: string;
  name: string;
  line: boolean;
}

const BLANK: Draft = {
  name: '',
  roles: [],
  agentType: 'agente',
  parent: '',
  referred: [],
  extra: [],
  defaultRate: '',
  rates: {},
  ritenuta: '',
};

function draftOf(user: User): Draft {
  const agent = user.role?.a && typeof user.role.a === 'object' ? user.role.a : null;
  const { defaultRate, form } = formFromProvv(user.provv);
  const ritenuta = (user.info as { ritenuta?: number } | undefined)?.ritenuta;
  return {
    name: user.name ?? '',
    roles: heldRoles(user.role),
    agentType: agent?.type ?? 'agente',
    parent: agent?.aId ?? '',
    referred: user.users ?? [],
    extra: user.extraProducts ?? [],
    defaultRate,
    rates: form,
    ritenuta: ritenuta ? String(ritenuta).replace('.', ',') : '',
  };
}

export default function UserDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const { flags } = useAccess();
  const { tenant, user: me } = useSession();
  const { userName } = useQuoteEnv();
  const roleLabel = useRoleLabel();
  const users = useCollection('usr');
  const products = useCollection('products');
  const user = users[id] as User | undefined;
  // the form follows the live user, keeping the fields being edited
  const [draft, setDraft] = useLiveDraft(user ? draftOf(user) : BLANK);
  const [busy, setBusy] = useState(false);
  const agents = useMemo(
    () => Object.values(users).filter((u) => roleFlags(u as User).agent) as User[],
    [users],
  );
  const rateRows = useMemo(
    (): RateRow[] => [
      ...Object.values(products).map((p) => ({ id: p._id, name: String(p.name ?? p._id), line: false })),
      ...tenant.products.filter((p) => p.extraProduct).map((p) => ({ id: p.id, name: p.name, line: true })),
    ],
    [products, tenant.products],
  );
  if (!flags.admin && !flags.employee) return <NotFound />;
  if (!user) return <Text c="dimmed">{t('loading')}</Text>;

  const grantable = (role: RoleKey) => flags.admin || GRANTABLE_BY_EMPLOYEE.includes(role);
  const set = (changes: Partial<Draft>) => setDraft({ ...draft, ...changes });
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const rateOf = (product: string, field: string) => draft.rates[product]?.[field] ?? '';
  const setRate = (product: string, field: string, value: string) =>
    set({ rates: { ...draft.rates, [product]: { ...(draft.rates[product] ?? {}), [field]: value } } });
  const self = me?._id === user._id;
  const rateColumns: ListColumn<RateRow>[] = [
    { key: 'product', header: t('rates.product'), card: 'title', td: { fz: 'sm' }, cell: (row) => (row.line ? t('rates.lineRow', { name: row.name }) : row.name) },
    ...RATE_FIELDS.map(
      (f): ListColumn<RateRow> => ({
        key: f,
        header: t(`rates.${f}`),
        cell: (row) => (
          <TextInput size="xs" aria-label={`${row.name} · ${t(`rates.${f}`)}`} value={rateOf(row.id, f)} onChange={(e) => setRate(row.id, f, e.currentTarget.value)} rightSection="%" w={110} inputMode="decimal" placeholder={draft.defaultRate || '0'} />
        ),
      }),
    ),
  ];

  const save = async () => {
    const provv = provvFromForm(draft.rates, draft.defaultRate);
    const ritenuta = parseRate(draft.ritenuta);
    if (provv === 'invalid' || ritenuta === 'invalid') {
      notify.error(t('errors.rate'));
      return;
    }
    setBusy(true);
    try {
      await saveUser(user._id, {
        name: draft.name.trim(),
        role: roleFromForm(draft.roles, draft.agentType, draft.parent),
        extraProducts: draft.extra,
        users: draft.roles.includes('segnalatore') ? draft.referred : [],
        provv,
        info: { ritenuta: ritenuta ?? 0 },
      });
      notify.success(t('saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const suspend = async (on: boolean) => {
    try {
      await setSuspended(user._id, on);
      notify.success(on ? t('suspend.done') : t('suspend.undone'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const remove = () =>
    modals.openConfirmModal({
      title: t('remove.title'),
      children: <Text size="sm">{t('remove.message', { name: user.name || user.email })}</Text>,
      labels: { confirm: t('remove.confirm'), cancel: t('cancel') },
      confirmProps: { color: 'red', 'data-testid': 'remove-confirm' } as never,
      onConfirm: () =>
        void removeUser(user._id)
          .then(() => {
            notify.success(t('remove.done'));
            void navigate('/utenti');
          })
          .catch((error: unknown) => notify.error(errorText(error))),
    });


  return (
    <Stack gap="md" className="page" maw={1000} data-testid="user-detail">
      <Group justify="space-between" align="center">
        <Group gap="md">
          <UserAvatar user={user} size={56} />
          <div>
            <Title order={2}>{user.name || user.email}</Title>
            <Text c="dimmed" size="sm">
              {user.email}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          {canEdit(flags) ? (
            <PhotoButton userId={user._id} />
          ) : null}
          {!self ? (
            user.suspended ? (
              <Button variant="light" color="green" leftSection={<IconPlayerPlay size={16} />} onClick={() => void suspend(false)} data-testid="user-reactivate">
                {t('suspend.reactivate')}
              </Button>
            ) : (
              <Button variant="light" color="orange" leftSection={<IconBan size={16} />} onClick={() => void suspend(true)} data-testid="user-suspend">
                {t('suspend.action')}
              </Button>
            )
          ) : null}
          {!self ? (
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={remove} data-testid="user-remove">
              {t('remove.action')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {user.suspended ? (
        <Alert color="red" variant="light" data-testid="user-suspended">
          {t('suspend.state', { date: shortDateTime(user.suspended.at), name: userName(user.suspended.by) })}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <TextInput label={t('fields.name')} value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} maxLength={200} maw={420} data-testid="user-name" />
          <div>
            <Text fw={500} size="sm" mb={6}>
              {t('fields.roles')}
            </Text>
            <Group gap="lg">
              {ROLE_KEYS.map((role) => (
                <Checkbox
                  key={role}
                  label={roleLabel(role)}
                  checked={draft.roles.includes(role)}
                  disabled={!grantable(role)}
                  onChange={(e) => set({ roles: toggle(draft.roles, role, e.currentTarget.checked) as RoleKey[] })}
                  data-testid={`user-role-${role}`}
                />
              ))}
            </Group>
          </div>
          {draft.roles.includes('a') ? (
            <Group gap="md" align="flex-end">
              <TextInput label={t('fields.agentType')} value={draft.agentType} onChange={(e) => set({ agentType: e.currentTarget.value })} maxLength={40} w={200} />
              <PlainSelect
                label={t('fields.parent')}
                description={t('fields.parentHelp', { subagent: tenant.wording.subagent })}
                data={[{ value: '', label: t('fields.noParent') }, ...agents.filter((a) => a._id !== user._id && !roleFlags(a).parentAgentId).map((a) => ({ value: a._id, label: String(a.name || a.email) }))]}
                value={draft.parent}
                onChange={(parent) => set({ parent })}
                w={320}
                data-testid="user-parent"
              />
            </Group>
          ) : null}
          {draft.roles.includes('segnalatore') ? (
            <div>
              <Text fw={500} size="sm" mb={6}>
                {t('fields.referred')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={6} mah={180} style={{ overflowY: 'auto' }}>
                {agents.map((a) => (
                  <Checkbox key={a._id} size="xs" label={String(a.name || a.email)} checked={draft.referred.includes(a._id)} onChange={(e) => set({ referred: toggle(draft.referred, a._id, e.currentTarget.checked) })} />
                ))}
              </SimpleGrid>
            </div>
          ) : null}
          {tenant.products.some((p) => p.extraProduct) ? (
            <div>
              <Text fw={500} size="sm" mb={6}>
                {t('fields.extraProducts')}
              </Text>
              <Group gap="lg">
                {tenant.products
                  .filter((p) => p.extraProduct)
                  .map((p) => (
                    <Checkbox key={p.id} label={p.name} checked={draft.extra.includes(p.id)} onChange={(e) => set({ extra: toggle(draft.extra, p.id, e.currentTarget.checked) })} data-testid={`user-extra-${p.id}`} />
                  ))}
              </Group>
            </div>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={4}>{t('rates.title')}</Title>
          <Group gap="md">
            <TextInput label={t('rates.default')} value={draft.defaultRate} onChange={(e) => set({ defaultRate: e.currentTarget.value })} rightSection="%" w={160} inputMode="decimal" data-testid="user-rate-default" />
            <TextInput label={t('rates.ritenuta')} value={draft.ritenuta} onChange={(e) => set({ ritenuta: e.currentTarget.value })} rightSection="%" w={160} inputMode="decimal" disabled={!flags.admin} data-testid="user-ritenuta" />
          </Group>
          <Text size="sm" c="dimmed" data-testid="rates-which">
            {t('rates.which')}
          </Text>
          <ListTable
            rows={rateRows}
            columns={rateColumns}
            rowKey={(row) => row.id}
            minWidth={640}
            label={t('rates.title')}
            table={{ verticalSpacing: 4 }}
          />
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={busy} data-testid="user-save">
          {t('save')}
        </Button>
      </Group>
      {flags.admin && (roleFlags(user).agent || roleFlags(user).referrer) ? <TaxProfileSection userId={user._id} changed={user} /> : null}
    </Stack>
  );
}
