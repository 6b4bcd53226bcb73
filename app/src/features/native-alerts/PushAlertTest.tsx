// The push-alert test of the settings (SPEC.md sections 2 and 7): pick a sample alert (a seller's schedule
// registered, an order received; sellers also the order as the seller sees it), each shown as the phone's
// own notification (iOS or Android look), and send it to this device with
// GET /notification/test-notification. Failures, and a falsy answer (notification-send-failed), go to the
// general error handler.
import { ApiError } from '@creator-market/sdk/client';
import { USER_LEVEL } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { requireLogin } from '../../services/login';
import { isSignedIn, useSession } from '../../stores/session';
import { BottomSheet, useDrawer } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { LogoMark } from '../../ui/Logo';
import { RadioGroup } from '../../ui/Radio';
import { toast } from '../../ui/Toast';
import { NOT_SUPPORTED_ALERT, PERMISSION_ALERT, permissionShortcuts, pushAlertReadiness, type AlertText } from './alertTests';
import type { NativeOs } from '../../services/native/bridge';
import { ShortcutAlert, type Shortcut } from './ShortcutAlert';
import { useNativeDevice } from '../../services/native/useNativeDevice';
import styles from './NativeAlerts.module.css';

export const PUSH_ALERT_TEST_DRAWER = 'pushAlertTest';

export type PushSampleKind = 'schedule' | 'order' | 'sellerOrder';

export interface PushSample {
  kind: PushSampleKind;
  label: string;
  title: string;
  contents: string;
}

export const PUSH_SAMPLES: Readonly<Record<PushSampleKind, PushSample>> = {
  schedule: {
    kind: 'schedule',
    label: '마켓 일정 등록',
    title: '새 마켓 일정이 등록되었어요',
    contents: '구독한 작가님의 마켓이 곧 열려요. 오픈 알림을 설정해보세요!',
  },
  order: {
    kind: 'order',
    label: '주문 접수',
    title: '주문이 접수되었어요',
    contents: '결제를 완료하면 작가님이 주문을 확인해요.',
  },
  sellerOrder: {
    kind: 'sellerOrder',
    label: '주문 접수 (판매 작가)',
    title: '새 주문이 들어왔어요',
    contents: '판매 알림에서 주문 내용을 확인해주세요.',
  },
};

export const PUSH_ALERT_TEST_TEXT = {
  title: '푸시 알림 테스트',
  intro: '받아볼 알림을 골라주세요. 이 기기로 테스트 알림을 보내드려요.',
  choose: '테스트할 알림',
  send: '테스트 알림 보내기',
  sent: '테스트 알림을 보냈어요. 잠시 후 알림을 확인해주세요.',
  appName: '크리에이터마켓',
  justNow: '지금',
} as const;

export function PushAlertTestSheet() {
  const drawer = useDrawer(PUSH_ALERT_TEST_DRAWER);
  return (
    <BottomSheet open={drawer.open} onClose={drawer.close} title={PUSH_ALERT_TEST_TEXT.title} showClose>
      {drawer.open && <PushAlertTestBody />}
    </BottomSheet>
  );
}

type Problem = { alert: AlertText; shortcuts: Shortcut[] } | null;

function PushAlertTestBody() {
  const { me } = useSession();
  const device = useNativeDevice();
  const [kind, setKind] = useState<PushSampleKind>('schedule');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const os: NativeOs = device?.os ?? 'android';
  const kinds: PushSampleKind[] = me?.user.level === USER_LEVEL.seller ? ['schedule', 'order', 'sellerOrder'] : ['schedule', 'order'];

  async function send() {
    if (!isSignedIn()) {
      await requireLogin();
      return;
    }
    setSending(true);
    try {
      const readiness = await pushAlertReadiness();
      if (readiness.kind === 'permission-not-granted') {
        setProblem({ alert: PERMISSION_ALERT, shortcuts: permissionShortcuts(false, device) });
        return;
      }
      if (readiness.kind === 'not-supported' || !readiness.deviceToken) {
        setProblem({ alert: NOT_SUPPORTED_ALERT, shortcuts: [] });
        return;
      }
      await sendTestNotification(PUSH_SAMPLES[kind], readiness.deviceToken);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.sheet}>
      <p className={styles.intro}>{PUSH_ALERT_TEST_TEXT.intro}</p>
      <RadioGroup
        name="push-sample"
        label={PUSH_ALERT_TEST_TEXT.choose}
        className={styles.samples}
        value={kind}
        onChange={setKind}
        options={kinds.map((value) => ({
          value,
          label: (
            <span className={styles.sampleOption}>
              <span className={styles.previewLabel}>{PUSH_SAMPLES[value].label}</span>
              <NotificationPreview sample={PUSH_SAMPLES[value]} os={os} />
            </span>
          ),
        }))}
      />
      <Button block size="lg" loading={sending} onClick={() => void send()}>
        {PUSH_ALERT_TEST_TEXT.send}
      </Button>
      {problem && (
        <ShortcutAlert
          title={problem.alert.title}
          message={problem.alert.message}
          shortcuts={problem.shortcuts}
          onClose={() => setProblem(null)}
        />
      )}
    </div>
  );
}

/** Sends the sample to the device; resolves true when the server handed it to the push service. */
export async function sendTestNotification(sample: PushSample, deviceToken: string): Promise<boolean> {
  const query = { title: sample.title, contents: sample.contents, deviceToken };
  try {
    const sent = await api.get('/notification/test-notification', { params: { query } });
    if (!sent) {
      const url = `/notification/test-notification?${new URLSearchParams(query).toString()}`;
      throw new ApiError({ status: 400, code: 'notification-send-failed', message: 'notification-send-failed', method: 'GET', url });
    }
  } catch (error) {
    void presentError(error, { operation: 'sendTestNotification' });
    return false;
  }
  toast(PUSH_ALERT_TEST_TEXT.sent, { type: 'success' });
  return true;
}

/** The sample as the phone shows a notification: the radio's picture, in the look of the device's OS. */
function NotificationPreview({ sample, os }: { sample: PushSample; os: NativeOs }) {
  return (
    <span aria-hidden="true" className={cx(styles.preview, os === 'ios' ? styles.previewIos : styles.previewAndroid)} data-os={os}>
      <span className={styles.previewHead}>
        <LogoMark size={os === 'ios' ? 20 : 16} className={styles.previewIcon} />
        <span className={styles.previewApp}>{PUSH_ALERT_TEST_TEXT.appName}</span>
        <span className={styles.previewTime}>{PUSH_ALERT_TEST_TEXT.justNow}</span>
      </span>
      <strong className={styles.previewTitle}>{sample.title}</strong>
      <span className={styles.previewBody}>{sample.contents}</span>
    </span>
  );
}
