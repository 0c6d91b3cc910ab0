import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Select, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { WEIGHT_SCREEN_TICK_MS, ZLocationWeightMachineList, ZWeightMachineRegistered } from '@tonnage/contracts';
import { apiOrThrow } from '../../app/api';
import { useAgencyTimezone } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { storage } from '../../app/storage';
import { LocationPicker } from '../../components/pickers';
import { usePickerData } from '../../components/pickers/picker-data';
import { useLiveWeight, type LiveSignal } from './useLiveWeight';
import { formatKilograms, formatTons, screenClock } from './weight-format';

/** The display's choice, remembered per agency on this terminal (browser). */
export interface DisplayChoice {
  locationId: number;
  locationName: string;
  weightMachineId: string;
}

export const displayChoiceKey = (agencyId: number) => `weightDisplay:${agencyId}`;

export function readDisplayChoice(agencyId: number): DisplayChoice | null {
  const raw = storage.read(displayChoiceKey(agencyId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DisplayChoice>;
    if (typeof value.locationId !== 'number' || typeof value.weightMachineId !== 'string' || value.weightMachineId === '') return null;
    return { locationId: value.locationId, locationName: typeof value.locationName === 'string' ? value.locationName : '', weightMachineId: value.weightMachineId };
  } catch {
    return null;
  }
}

function writeDisplayChoice(agencyId: number, choice: DisplayChoice): void {
  storage.write(displayChoiceKey(agencyId), JSON.stringify(choice));
}

/** The current instant, renewed every `ms` (the screen's clock). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

const SCREEN_CSS = `
.weight-screen { position: fixed; inset: 0; display: flex; flex-direction: column; background: #0b1a2b; color: #f5f7fa; padding: 24px 32px; overflow: auto; }
.weight-screen-bar { display: flex; align-items: center; justify-content: space-between; gap: 16px; }
.weight-screen-title { flex: 1; text-align: center; font-size: clamp(28px, 4vw, 56px); font-weight: 700; margin: 0; }
.weight-screen-body { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 16px; }
.weight-screen-figure { display: flex; align-items: baseline; gap: 16px; font-variant-numeric: tabular-nums; }
.weight-screen-tons { font-size: clamp(72px, 14vw, 220px); font-weight: 700; line-height: 1; }
.weight-screen-kg { font-size: clamp(36px, 6vw, 96px); font-weight: 600; line-height: 1; color: #c9d3df; }
.weight-screen-unit { font-size: clamp(20px, 3vw, 40px); color: #9fb0c3; }
.weight-screen-dim { opacity: 0.35; }
.weight-screen-signal { font-size: clamp(24px, 3.5vw, 48px); font-weight: 700; padding: 4px 24px; border-radius: 8px; }
.weight-screen-signal.live { background: #135200; }
.weight-screen-signal.motion { background: #ad6800; }
.weight-screen-signal.noSignal, .weight-screen-signal.error { background: #a8071a; }
.weight-screen-signal.connecting { background: #434343; }
.weight-screen-clock { display: flex; justify-content: space-between; font-size: clamp(22px, 3vw, 44px); font-variant-numeric: tabular-nums; }
.weight-screen .ant-alert { font-size: 20px; }
`;

interface DialogProps {
  open: boolean;
  initial: DisplayChoice | null;
  onCancel: () => void;
  /** Submitting: the prior stream stops before the register call. */
  onRegistering: () => void;
  /** The register call answered: the accepted choice, or null (the prior choice streams again). */
  onRegistered: (choice: DisplayChoice | null) => void;
}

interface DialogValues {
  locationId?: number;
  weightMachineId?: string;
}

/** 'Select Weight Machine' (spec 2.14): a location (required), then one of its weight machines, registered on submit. */
function WeightMachineDialog({ open, initial, onCancel, onRegistering, onRegistered }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DialogValues>();
  const locationId = Form.useWatch('locationId', form);
  const { locations } = usePickerData();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [noMachine, setNoMachine] = useState(false);
  const machines = useQuery({
    queryKey: ['weightMachine', 'location', locationId ?? 0],
    queryFn: () => apiOrThrow('/api/weightMachine/location', { query: { locationId }, schema: ZLocationWeightMachineList }),
    enabled: open && locationId !== undefined,
  });
  const rows = machines.data?.rows ?? [];
  const none = locationId !== undefined && machines.isSuccess && rows.length === 0;

  const submit = async () => {
    setFailed(false);
    const values = await form.validateFields(['locationId']).catch(() => null);
    if (!values || values.locationId === undefined) return;
    const serial = form.getFieldValue('weightMachineId') as string | undefined;
    if (!serial) {
      setNoMachine(true);
      return;
    }
    setSaving(true);
    onRegistering();
    let chosen: DisplayChoice | null = null;
    try {
      const answer = await apiOrThrow('/api/weightMachine/register', {
        method: 'POST',
        body: { locationId: values.locationId, weightMachineId: serial },
        schema: ZWeightMachineRegistered,
        report: false,
      });
      if (answer.accepted) {
        const locationName = locations.find((location) => location.id === values.locationId)?.name ?? '';
        chosen = { locationId: values.locationId, locationName, weightMachineId: serial };
      }
    } catch {
      // Shown below as 'Error Fetching Quantity'.
    } finally {
      setSaving(false);
      setFailed(chosen === null);
      onRegistered(chosen);
    }
  };

  return (
    <Modal
      open={open}
      title={t('weightDisplay.settings')}
      okText={t('weightDisplay.submit')}
      cancelText={t('weightDisplay.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={saving}
      forceRender
    >
      <Form<DialogValues>
        form={form}
        layout="vertical"
        initialValues={{ locationId: initial?.locationId, weightMachineId: initial?.weightMachineId }}
        onValuesChange={(changed: DialogValues) => {
          if ('locationId' in changed) form.setFieldValue('weightMachineId', undefined);
          setNoMachine(false);
          setFailed(false);
        }}
      >
        <Form.Item name="locationId" label={t('weightDisplay.location')} rules={[{ required: true, message: t('weightDisplay.locationRequired') }]}>
          <LocationPicker data-testid="weight-display-location" placeholder={t('weightDisplay.selectLocation')} />
        </Form.Item>
        <Form.Item name="weightMachineId" label={t('weightDisplay.weightMachine')}>
          <Select
            data-testid="weight-display-machine"
            placeholder={t('weightDisplay.selectMachine')}
            loading={machines.isFetching}
            disabled={locationId === undefined}
            options={rows.map((row) => ({ value: row.weightMachineId, label: row.name ? `${row.weightMachineId} — ${row.name}` : row.weightMachineId }))}
          />
        </Form.Item>
      </Form>
      {none && <Alert type="warning" showIcon title={t('weightDisplay.noMachines.title')} description={t('weightDisplay.noMachines.description')} />}
      {noMachine && !none && <Alert type="warning" showIcon title={t('weightDisplay.noMachine.title')} description={t('weightDisplay.noMachine.description')} />}
      {(failed || machines.isError) && <Alert type="error" showIcon title={t('weightDisplay.fetchError.title')} description={t('weightDisplay.fetchError.description')} />}
    </Modal>
  );
}

const SIGNAL_TEXT: Record<Exclude<LiveSignal, 'idle' | 'error'>, string> = {
  live: 'weightDisplay.status.live',
  motion: 'weightDisplay.status.motion',
  noSignal: 'weightDisplay.status.noSignal',
  connecting: 'weightDisplay.status.connecting',
};

/**
 * The live weight display (spec 2.14, `/agencies/{agencyId}/display-weight`): full screen, the chosen location's
 * name as title, the weight in tons (3 decimals) and kilograms, motion and "no signal" shown plainly, and the date
 * and time ticking every second. The choice is remembered on this terminal.
 */
export default function DisplayWeightPage() {
  const { t, i18n } = useTranslation();
  const agencyId = parseId(useParams().agencyId) ?? 0;
  const [choice, setChoice] = useState<DisplayChoice | null>(() => readDisplayChoice(agencyId));
  const [settingsOpen, setSettingsOpen] = useState(() => readDisplayChoice(agencyId) === null);
  /** Each submit opens a new stream (from 0); none while the register call runs. */
  const [attempt, setAttempt] = useState(0);
  const [registering, setRegistering] = useState(false);
  const live = useLiveWeight(choice && !registering ? { agencyId, locationId: choice.locationId, weightMachineId: choice.weightMachineId, attempt } : null);
  const now = useNow(WEIGHT_SCREEN_TICK_MS);
  const timezone = useAgencyTimezone();
  const clock = screenClock(now, timezone);
  const stale = live.signal === 'noSignal' || live.signal === 'error' || live.signal === 'connecting';
  const Back = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;

  const registered = (next: DisplayChoice | null) => {
    setRegistering(false);
    setAttempt((value) => value + 1);
    if (!next) return;
    writeDisplayChoice(agencyId, next);
    setChoice(next);
    setSettingsOpen(false);
  };

  return (
    <div className="weight-screen" data-testid="weight-screen">
      <style>{SCREEN_CSS}</style>
      <div className="weight-screen-bar">
        <Tooltip title={t('weightDisplay.exit')}>
          <Link to={`/agencies/${agencyId}/dashboard`} aria-label={t('weightDisplay.exit')}>
            <Button shape="circle" size="large" icon={<Back />} />
          </Link>
        </Tooltip>
        <h1 className="weight-screen-title" data-testid="weight-screen-title">
          {choice?.locationName || t('weightDisplay.defaultTitle')}
        </h1>
        <Tooltip title={t('weightDisplay.settings')}>
          <Button shape="circle" size="large" icon={<SettingOutlined />} aria-label={t('weightDisplay.settings')} onClick={() => setSettingsOpen(true)} />
        </Tooltip>
      </div>

      <div className="weight-screen-body">
        {choice && (
          <Tag color="blue" style={{ fontSize: 18, padding: '4px 12px' }}>
            {t('weightDisplay.machine', { serial: choice.weightMachineId })}
          </Tag>
        )}
        <div className={`weight-screen-figure${stale ? ' weight-screen-dim' : ''}`} data-testid="weight-tons">
          <bdi dir="ltr" className="weight-screen-tons">
            {formatTons(live.quantity)}
          </bdi>
          <span className="weight-screen-unit">{t('weightDisplay.tons')}</span>
        </div>
        <div className={`weight-screen-figure${stale ? ' weight-screen-dim' : ''}`} data-testid="weight-kg">
          <bdi dir="ltr" className="weight-screen-kg">
            {formatKilograms(live.quantity)}
          </bdi>
          <span className="weight-screen-unit">{t('weightDisplay.kg')}</span>
        </div>
        {live.signal !== 'idle' && live.signal !== 'error' && (
          <div className={`weight-screen-signal ${live.signal}`} role="status" data-testid="weight-signal">
            {t(SIGNAL_TEXT[live.signal])}
          </div>
        )}
        {live.overload && live.signal !== 'noSignal' && (
          <div className="weight-screen-signal error" role="status">
            {t('weightDisplay.status.overload')}
          </div>
        )}
        {live.signal === 'idle' && (
          <Alert type="warning" showIcon title={t('weightDisplay.noMachine.title')} description={t('weightDisplay.noMachine.description')} />
        )}
        {live.signal === 'error' && (
          <Alert type="error" showIcon title={t('weightDisplay.fetchError.title')} description={t('weightDisplay.fetchError.description')} />
        )}
      </div>

      <div className="weight-screen-clock" data-testid="weight-clock">
        <bdi>{clock.date}</bdi>
        <bdi>{clock.time}</bdi>
      </div>

      <WeightMachineDialog open={settingsOpen} initial={choice} onCancel={() => setSettingsOpen(false)} onRegistering={() => setRegistering(true)} onRegistered={registered} />
    </div>
  );
}
