// The desktop native-shell simulator: the app (`/?shell=simulator`) in a 390x844 phone frame, and the phone's
// side of the bridge (./shell.ts) driven by the controls on the right: OS, app version, language, push
// token, permissions. Scheduled open alarms count down and ring as notification banners in the frame;
// notifications, shares, settings screens, the store and native ads show in the frame too; every message
// is logged.
import { MIN_APP_VERSION } from '@creator-market/sdk/domain';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useLatest } from '../lib/useLatest';
import type { NativeMarketAlarm, NativeOs } from '../services/native/bridge';
import { parseBridgeMessage, type BridgeMessage } from '../services/native/message';
import { loadShellSettings, saveShellSettings } from './settings';
import {
  answerBridgeMessage,
  DEFAULT_APP_VERSION,
  SYNC_AUTH_MESSAGE,
  type ShellEffect,
  type ShellSettings,
  type SimulatedPermission,
} from './shell';
import styles from './Simulator.module.css';

const DEVICE_DEFAULTS: Record<NativeOs, { osVersion: string; model: string }> = {
  ios: { osVersion: '17.5', model: 'iPhone 15' },
  android: { osVersion: '14', model: 'Galaxy S24' },
};
const LANGUAGES = [
  { value: 'ko-KR', label: '한국어 (ko-KR)' },
  { value: 'en-US', label: 'English (en-US)' },
  { value: 'ja-JP', label: '日本語 (ja-JP)' },
  { value: 'zh-CN', label: '中文 (zh-CN)' },
];
const PERMISSION_LABELS = { notification: '알림', alarm: '알람 및 리마인더', media: '사진 및 미디어' } as const;
const LOG_LIMIT = 300;
const BANNER_MS = 6000;

interface LogEntry {
  id: number;
  at: number;
  direction: 'in' | 'out' | 'note';
  action: string;
  data?: unknown;
}

interface Banner {
  id: number;
  title: string;
  body: string;
  path?: string;
}

type Overlay =
  | { kind: 'setting'; target: string }
  | { kind: 'store' }
  | { kind: 'closed'; reason: 'close' | 'exit' }
  | { kind: 'notice'; title: string; text: string }
  | { kind: 'ad'; type: string; unitId: string };

let lastId = 0;
const nextId = () => ++lastId;

const seoulTime = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', hour: '2-digit', minute: '2-digit', hour12: false });
const seoulDateTime = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const clockTime = new Intl.DateTimeFormat('ko-KR', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

function remainingLabel(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${days}일 ${hours}시간 남음`;
  if (hours > 0) return `${hours}시간 ${minutes}분 남음`;
  if (minutes > 0) return `${minutes}분 ${rest}초 남음`;
  return `${rest}초 남음`;
}

function brief(data: unknown): string {
  if (data === undefined) return '';
  const text = typeof data === 'string' ? JSON.stringify(data) : JSON.stringify(data);
  return text.length > 220 ? `${text.slice(0, 220)}…` : text;
}

export function Simulator() {
  const [settings, setSettings] = useState<ShellSettings>(loadShellSettings);
  const settingsRef = useLatest(settings);
  const [respond, setRespond] = useState(true);
  const respondRef = useLatest(respond);

  const frameRef = useRef<HTMLIFrameElement>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [startPath, setStartPath] = useState('/');

  const { log, addLog, clearLog } = useBridgeLog();
  const { banners, received, showBanner, dismissBanner } = useBanners();
  const { alarms, scheduleAlarm, now } = useAlarmClock(showBanner, addLog);

  useEffect(() => saveShellSettings(settings), [settings]);

  /** Navigates inside the app without reloading it (wouter follows popstate). */
  const openInApp = useCallback((path: string) => {
    const frameWindow = frameRef.current?.contentWindow;
    if (!frameWindow) return;
    frameWindow.history.pushState(null, '', path);
    frameWindow.dispatchEvent(new PopStateEvent('popstate'));
  }, []);

  const sendToApp = useCallback(
    (message: BridgeMessage) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow) return;
      frameWindow.postMessage(JSON.stringify(message), window.location.origin);
      addLog('out', message.action, message.data);
    },
    [addLog],
  );

  const shown = useShellScreens({ scheduleAlarm, showBanner, openInApp });
  const { applyEffect, setOverlay, setMainPageLoaded } = shown;

  const reloadApp = useCallback(
    (path?: string) => {
      if (path !== undefined) setStartPath(path);
      setOverlay(null);
      setMainPageLoaded(false);
      setFrameKey((key) => key + 1);
    },
    [setOverlay, setMainPageLoaded],
  );

  // The bridge: messages from the app's frame, answered from the current settings.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.source !== frameWindow || event.origin !== window.location.origin) return;
      const message = parseBridgeMessage(event.data);
      if (!message) return;
      addLog('in', message.action, message.data);
      const answer = answerBridgeMessage(message, settingsRef.current);
      if (answer.effect) applyEffect(answer.effect);
      if (answer.reply && respondRef.current) {
        sendToApp({ action: message.action, data: answer.reply.data, ...(message.id === undefined ? {} : { id: message.id }) });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [addLog, applyEffect, sendToApp, respondRef, settingsRef]);

  function update(patch: Partial<ShellSettings>) {
    setSettings((current) => ({ ...current, ...patch }));
  }

  function changeOs(os: NativeOs) {
    setSettings((current) => ({
      ...current,
      os,
      ...DEVICE_DEFAULTS[os],
      appVersion: current.appVersion === DEFAULT_APP_VERSION[current.os] ? DEFAULT_APP_VERSION[os] : current.appVersion,
    }));
  }

  function setPermission(name: keyof ShellSettings['permissions'], value: SimulatedPermission) {
    setSettings((current) => ({ ...current, permissions: { ...current.permissions, [name]: value } }));
  }

  function becomeVisible() {
    const frameDocument = frameRef.current?.contentDocument;
    if (!frameDocument) return;
    frameDocument.dispatchEvent(new Event('visibilitychange'));
    addLog('note', 'visibilitychange', frameDocument.visibilityState);
  }

  return (
    <div className={styles.page}>
      <section className={styles.stage} aria-label="휴대폰">
        <div className={styles.phone} data-os={settings.os}>
          <div className={styles.screen}>
            <iframe
              key={frameKey}
              ref={frameRef}
              className={styles.frame}
              src={`${startPath}${startPath.includes('?') ? '&' : '?'}shell=simulator`}
              title="앱 화면"
            />
            <NotificationBanners
              banners={banners}
              os={settings.os}
              onOpen={(banner) => {
                dismissBanner(banner.id);
                if (banner.path) openInApp(banner.path);
              }}
            />
            {shown.overlay && (
              <SystemOverlay
                overlay={shown.overlay}
                settings={settings}
                onPermission={setPermission}
                onUpdate={() => {
                  update({ appVersion: DEFAULT_APP_VERSION[settings.os] });
                  reloadApp();
                }}
                onReopen={() => reloadApp()}
                onClose={() => setOverlay(null)}
              />
            )}
          </div>
        </div>
        <p className={styles.caption}>
          390 × 844 · {settings.os === 'ios' ? 'iOS' : 'Android'} {settings.osVersion} · 앱 {settings.appVersion}
          {shown.mainPageLoaded ? ' · 홈 로드됨' : ''}
        </p>
      </section>

      <aside className={styles.panel}>
        <header className={styles.panelHeader}>
          <h1>네이티브 앱 시뮬레이터</h1>
          <p>앱이 네이티브 셸 안에서처럼 동작해요. 설정을 바꾼 뒤에는 앱을 다시 열어주세요.</p>
        </header>
        <DeviceControls settings={settings} update={update} onOs={changeOs} />
        <AppControls
          settings={settings}
          update={update}
          onReload={reloadApp}
          onVisible={becomeVisible}
          onSyncAuth={() => sendToApp(SYNC_AUTH_MESSAGE)}
        />
        <LanguageAndPushControls settings={settings} update={update} />
        <PermissionControls settings={settings} onPermission={setPermission} />
        <AnswerControls settings={settings} update={update} respond={respond} onRespond={setRespond} shellToken={shown.shellToken} />
        <ScheduledAlarms alarms={alarms} now={now} />
        <ReceivedList received={received} shares={shown.shares} />
        <BridgeLog log={log} onClear={clearLog} />
      </aside>
    </div>
  );
}

/** Every bridge message in and out, and the simulator's own notes; the newest first. */
function useBridgeLog() {
  const [log, setLog] = useState<LogEntry[]>([]);
  const addLog = useCallback((direction: LogEntry['direction'], action: string, data?: unknown) => {
    setLog((entries) => [{ id: nextId(), at: Date.now(), direction, action, data }, ...entries].slice(0, LOG_LIMIT));
  }, []);
  const clearLog = useCallback(() => setLog([]), []);
  return { log, addLog, clearLog };
}

/** The notification banners over the frame (each for BANNER_MS) and the list of every one received. */
function useBanners() {
  const [banners, setBanners] = useState<Banner[]>([]);
  const [received, setReceived] = useState<Banner[]>([]);
  const showBanner = useCallback((banner: Omit<Banner, 'id'>) => {
    const shown = { ...banner, id: nextId() };
    setBanners((list) => [...list, shown]);
    setReceived((list) => [shown, ...list].slice(0, 30));
    setTimeout(() => setBanners((list) => list.filter((item) => item.id !== shown.id)), BANNER_MS);
  }, []);
  const dismissBanner = useCallback((id: number) => setBanners((list) => list.filter((item) => item.id !== id)), []);
  return { banners, received, showBanner, dismissBanner };
}

/** The phone's clock and the open alarms the app scheduled: each rings as a banner when due. */
function useAlarmClock(
  showBanner: (banner: Omit<Banner, 'id'>) => void,
  addLog: (direction: LogEntry['direction'], action: string, data?: unknown) => void,
) {
  const [alarms, setAlarms] = useState<Record<string, NativeMarketAlarm>>({});
  const [now, setNow] = useState(Date.now);

  /** An alarm with no times left cancels the market's alarm. */
  const scheduleAlarm = useCallback((alarm: NativeMarketAlarm) => {
    setAlarms((current) => {
      const next = { ...current };
      if (alarm.at.length === 0) delete next[alarm.marketUID];
      else next[alarm.marketUID] = alarm;
      return next;
    });
  }, []);

  const ringDue = useEffectEvent((now: number) => {
    const due = Object.values(alarms).filter((alarm) => alarm.at.some((time) => time <= now));
    if (due.length === 0) return;
    for (const alarm of due) {
      const opens = alarm.marketST ? seoulTime.format(new Date(alarm.marketST)) : '';
      showBanner({
        title: '오픈 알림',
        body: opens ? `'${alarm.title}' 마켓이 ${opens}에 열려요` : `'${alarm.title}' 마켓이 곧 열려요`,
        path: alarm.path,
      });
      addLog('note', '알림 울림', { marketUID: alarm.marketUID, title: alarm.title });
    }
    setAlarms((current) => {
      const next: Record<string, NativeMarketAlarm> = {};
      for (const [key, alarm] of Object.entries(current)) {
        const left = alarm.at.filter((time) => time > now);
        if (left.length > 0) next[key] = { ...alarm, at: left };
      }
      return next;
    });
  });
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      ringDue(at);
    }, 250);
    return () => clearInterval(timer);
  }, []);

  return { alarms, scheduleAlarm, now };
}

/**
 * What the bridge's effects show on the phone (shell.ts decides them): system screens over the frame,
 * banners, shares, the token the shell holds, and whether the app said its home has loaded.
 */
function useShellScreens({
  scheduleAlarm,
  showBanner,
  openInApp,
}: {
  scheduleAlarm: (alarm: NativeMarketAlarm) => void;
  showBanner: (banner: Omit<Banner, 'id'>) => void;
  openInApp: (path: string) => void;
}) {
  const [shares, setShares] = useState<{ id: number; at: number; text: string }[]>([]);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [shellToken, setShellToken] = useState<string | null>(null);
  const [mainPageLoaded, setMainPageLoaded] = useState(false);

  const applyEffect = useCallback(
    (effect: ShellEffect) => {
      switch (effect.kind) {
        case 'alarm':
          scheduleAlarm(effect.alarm);
          return;
        case 'notification':
          showBanner({ title: effect.title, body: effect.body });
          return;
        case 'share':
          setShares((list) =>
            [
              {
                id: nextId(),
                at: Date.now(),
                text: [effect.content.title, effect.content.text, effect.content.url].filter(Boolean).join(' · '),
              },
              ...list,
            ].slice(0, 20),
          );
          setOverlay({
            kind: 'notice',
            title: '공유하기',
            text: [effect.content.title, effect.content.text, effect.content.url].filter(Boolean).join('\n'),
          });
          return;
        case 'open':
          if (effect.target === 'WebPage' && effect.url) window.open(effect.url, '_blank', 'noopener');
          else if (effect.target === 'Link' && effect.url) openInApp(effect.url);
          else if (effect.target === 'Login') openInApp('/auth');
          return;
        case 'setting':
          setOverlay({ kind: 'setting', target: effect.target });
          return;
        case 'update':
          setOverlay({ kind: 'store' });
          return;
        case 'inquiry':
          setOverlay({ kind: 'notice', title: '문의하기', text: `앱의 문의하기 화면이 열렸어요.\n${brief(effect.context)}` });
          return;
        case 'termService':
          setOverlay({ kind: 'notice', title: '이용약관', text: '앱의 이용약관 화면이 열렸어요.' });
          return;
        case 'urlScheme':
          setOverlay({ kind: 'notice', title: '다른 앱 열기', text: effect.url });
          return;
        case 'token':
          setShellToken(effect.token);
          return;
        case 'ad':
          setOverlay({ kind: 'ad', type: effect.type, unitId: effect.unitId });
          return;
        case 'mainPageLoaded':
          setMainPageLoaded(true);
          return;
        case 'close':
          setOverlay({ kind: 'closed', reason: 'close' });
          return;
        case 'exit':
          setOverlay({ kind: 'closed', reason: 'exit' });
          return;
        case 'clearHistory':
        case 'lockSafeArea':
          return;
      }
    },
    [openInApp, showBanner, scheduleAlarm],
  );

  return { applyEffect, shares, overlay, setOverlay, shellToken, mainPageLoaded, setMainPageLoaded };
}

function NotificationBanners({ banners, os, onOpen }: { banners: Banner[]; os: NativeOs; onOpen: (banner: Banner) => void }) {
  return (
    <div className={styles.banners} aria-live="polite">
      {banners.map((banner) => (
        <button key={banner.id} type="button" className={styles.banner} data-os={os} onClick={() => onOpen(banner)}>
          <span className={styles.bannerHead}>
            <span className={styles.bannerIcon} aria-hidden="true" />
            크리에이터마켓 · 지금
          </span>
          <strong>{banner.title}</strong>
          <span>{banner.body}</span>
        </button>
      ))}
    </div>
  );
}

/** The settings the controls change: a patch of the shell's settings. */
type Update = (patch: Partial<ShellSettings>) => void;

function DeviceControls({ settings, update, onOs }: { settings: ShellSettings; update: Update; onOs: (os: NativeOs) => void }) {
  return (
    <Group title="기기">
      <Field label="OS" group>
        <Segmented
          value={settings.os}
          options={[
            ['android', 'Android'],
            ['ios', 'iOS'],
          ]}
          onChange={(value) => onOs(value as NativeOs)}
        />
      </Field>
      <div className={styles.row}>
        <Field label="OS 버전">
          <input value={settings.osVersion} onChange={(event) => update({ osVersion: event.target.value })} />
        </Field>
        <Field label="모델">
          <input value={settings.model} onChange={(event) => update({ model: event.target.value })} />
        </Field>
      </div>
    </Group>
  );
}

/** The app's version and build, and what the phone does to the app: reopen it (at a path), return to it, sync auth. */
function AppControls({
  settings,
  update,
  onReload,
  onVisible,
  onSyncAuth,
}: {
  settings: ShellSettings;
  update: Update;
  onReload: (path?: string) => void;
  onVisible: () => void;
  onSyncAuth: () => void;
}) {
  const [pathInput, setPathInput] = useState('/setting');
  return (
    <Group title="앱">
      <div className={styles.row}>
        <Field label="앱 버전" hint={`최소 버전 ${MIN_APP_VERSION[settings.os]} (이보다 낮으면 필수 업데이트)`}>
          <input value={settings.appVersion} onChange={(event) => update({ appVersion: event.target.value })} />
        </Field>
        <Field label="빌드">
          <input value={settings.build} onChange={(event) => update({ build: event.target.value })} />
        </Field>
      </div>
      <Check
        label="예전 형식 (버전 문자열 한 줄)"
        checked={settings.legacyVersionString}
        onChange={(checked) => update({ legacyVersionString: checked })}
      />
      <div className={styles.buttons}>
        <button type="button" onClick={() => onReload()}>
          앱 다시 열기
        </button>
        <button type="button" onClick={onVisible}>
          앱으로 돌아오기
        </button>
        <button type="button" onClick={onSyncAuth}>
          인증 동기화
        </button>
      </div>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          const path = pathInput.startsWith('/') ? pathInput : `/${pathInput}`;
          onReload(path);
        }}
      >
        <Field label="열 주소">
          <input value={pathInput} onChange={(event) => setPathInput(event.target.value)} />
        </Field>
        <button type="submit" className={styles.inlineButton}>
          이 주소로 열기
        </button>
      </form>
    </Group>
  );
}

function LanguageAndPushControls({ settings, update }: { settings: ShellSettings; update: Update }) {
  return (
    <Group title="언어 · 푸시">
      <Field label="언어">
        <select value={settings.language} onChange={(event) => update({ language: event.target.value })}>
          {LANGUAGES.map((language) => (
            <option key={language.value} value={language.value}>
              {language.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="기기 토큰" hint="비우면 푸시를 받을 수 없는 기기, 'fail'이 들어가면 발송 실패">
        <input value={settings.deviceToken} onChange={(event) => update({ deviceToken: event.target.value })} />
      </Field>
      <Check
        label="알림을 받을 수 있는 기기"
        checked={settings.alertsSupported}
        onChange={(checked) => update({ alertsSupported: checked })}
      />
    </Group>
  );
}

function PermissionControls({
  settings,
  onPermission,
}: {
  settings: ShellSettings;
  onPermission: (name: keyof ShellSettings['permissions'], value: SimulatedPermission) => void;
}) {
  return (
    <Group title="권한">
      {(Object.keys(PERMISSION_LABELS) as (keyof typeof PERMISSION_LABELS)[]).map((name) => (
        <Field key={name} label={PERMISSION_LABELS[name]} group>
          <Segmented
            value={settings.permissions[name]}
            options={[
              ['granted', '허용'],
              ['denied', '거부'],
            ]}
            onChange={(value) => onPermission(name, value as SimulatedPermission)}
          />
        </Field>
      ))}
    </Group>
  );
}

/** How the shell answers: at all (else the app's side times out), a native ad's result, and the token it holds. */
function AnswerControls({
  settings,
  update,
  respond,
  onRespond,
  shellToken,
}: {
  settings: ShellSettings;
  update: Update;
  respond: boolean;
  onRespond: (respond: boolean) => void;
  shellToken: string | null;
}) {
  return (
    <Group title="응답">
      <Check label="브리지 메시지에 답하기 (끄면 앱 쪽이 시간 초과)" checked={respond} onChange={onRespond} />
      <Field label="네이티브 광고 결과">
        <select value={settings.adErrorCode} onChange={(event) => update({ adErrorCode: Number(event.target.value) })}>
          <option value={0}>성공 (errorCode 0)</option>
          <option value={3}>광고 없음 (errorCode 3)</option>
        </select>
      </Field>
      <p className={styles.note}>셸이 받은 토큰: {shellToken ? `${shellToken.slice(0, 24)}…` : '없음'}</p>
    </Group>
  );
}

/** The alarms still to ring, soonest first, each time with its countdown. */
function ScheduledAlarms({ alarms, now }: { alarms: Record<string, NativeMarketAlarm>; now: number }) {
  const scheduled = Object.values(alarms).sort((a, b) => Math.min(...a.at) - Math.min(...b.at));
  return (
    <Group title={`예약된 알림 ${scheduled.length}`}>
      {scheduled.length === 0 ? (
        <p className={styles.note}>예약된 알림이 없어요.</p>
      ) : (
        <ul className={styles.list}>
          {scheduled.map((alarm) => (
            <li key={alarm.marketUID}>
              <strong>{alarm.title || alarm.marketUID}</strong>
              {alarm.at.map((time) => (
                <span key={time} className={styles.alarmTime}>
                  {seoulDateTime.format(new Date(time))} · {remainingLabel(time - now)}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </Group>
  );
}

function ReceivedList({ received, shares }: { received: Banner[]; shares: { id: number; at: number; text: string }[] }) {
  return (
    <Group title="받은 알림 · 공유">
      {received.length === 0 && shares.length === 0 && <p className={styles.note}>아직 없어요.</p>}
      <ul className={styles.list}>
        {received.map((item) => (
          <li key={item.id}>
            <strong>{item.title}</strong>
            <span>{item.body}</span>
          </li>
        ))}
        {shares.map((item) => (
          <li key={item.id}>
            <strong>공유 · {clockTime.format(item.at)}</strong>
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </Group>
  );
}

function BridgeLog({ log, onClear }: { log: LogEntry[]; onClear: () => void }) {
  return (
    <Group
      title="브리지 로그"
      extra={
        <button type="button" className={styles.linkButton} onClick={onClear}>
          지우기
        </button>
      }
    >
      <ol className={styles.log} aria-label="브리지 로그">
        {log.map((entry) => (
          <li key={entry.id} data-direction={entry.direction}>
            <span className={styles.logTime}>{clockTime.format(entry.at)}</span>
            <span className={styles.logArrow}>{entry.direction === 'in' ? '앱 →' : entry.direction === 'out' ? '→ 앱' : '•'}</span>
            <span className={styles.logAction}>{entry.action}</span>
            <code className={styles.logData}>{brief(entry.data)}</code>
          </li>
        ))}
      </ol>
    </Group>
  );
}

function SystemOverlay({
  overlay,
  settings,
  onPermission,
  onUpdate,
  onReopen,
  onClose,
}: {
  overlay: Overlay;
  settings: ShellSettings;
  onPermission: (name: keyof ShellSettings['permissions'], value: SimulatedPermission) => void;
  onUpdate: () => void;
  onReopen: () => void;
  onClose: () => void;
}) {
  let title: string;
  let body: ReactNode;
  let action: ReactNode = (
    <button type="button" className={styles.systemPrimary} onClick={onClose}>
      앱으로 돌아가기
    </button>
  );
  switch (overlay.kind) {
    case 'setting': {
      const names: (keyof ShellSettings['permissions'])[] =
        overlay.target === 'notifications'
          ? ['notification']
          : overlay.target === 'alarms'
            ? ['alarm']
            : ['notification', 'alarm', 'media'];
      title = overlay.target === 'notifications' ? '알림' : overlay.target === 'alarms' ? '알람 및 리마인더' : `설정 · ${overlay.target}`;
      body = (
        <div className={styles.systemToggles}>
          {names.map((name) => (
            <label key={name} className={styles.systemToggle}>
              <span>{PERMISSION_LABELS[name]} 허용</span>
              <input
                type="checkbox"
                role="switch"
                checked={settings.permissions[name] === 'granted'}
                onChange={(event) => onPermission(name, event.target.checked ? 'granted' : 'denied')}
              />
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'store':
      title = settings.os === 'ios' ? 'App Store' : 'Google Play';
      body = <p>크리에이터마켓 최신 버전 {DEFAULT_APP_VERSION[settings.os]}</p>;
      action = (
        <>
          <button type="button" className={styles.systemPrimary} onClick={onUpdate}>
            업데이트하고 열기
          </button>
          <button type="button" className={styles.systemSecondary} onClick={onClose}>
            닫기
          </button>
        </>
      );
      break;
    case 'closed':
      title = overlay.reason === 'exit' ? '앱이 종료되었어요' : '웹뷰가 닫혔어요';
      body = <p>{overlay.reason === 'exit' ? 'exitApp' : 'close'} 메시지를 받았어요.</p>;
      action = (
        <button type="button" className={styles.systemPrimary} onClick={onReopen}>
          다시 열기
        </button>
      );
      break;
    case 'ad':
      title = `네이티브 광고 · ${overlay.type}`;
      body = <p>광고 단위 {overlay.unitId || '(없음)'}</p>;
      action = (
        <button type="button" className={styles.systemPrimary} onClick={onClose}>
          광고 닫기
        </button>
      );
      break;
    case 'notice':
      title = overlay.title;
      body = <p className={styles.preLine}>{overlay.text}</p>;
      break;
  }
  return (
    <div className={styles.system} role="dialog" aria-label={`시스템 화면: ${title}`}>
      <div className={styles.systemCard}>
        <span className={styles.systemTag}>시스템 화면</span>
        <h2>{title}</h2>
        {body}
        <div className={styles.systemActions}>{action}</div>
      </div>
    </div>
  );
}

function Group({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.group}>
      <div className={styles.groupHead}>
        <h2>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** A labelled control; `group` for a set of buttons (a label element would forward clicks to the first). */
function Field({ label, hint, group = false, children }: { label: string; hint?: string; group?: boolean; children: ReactNode }) {
  const content = (
    <>
      <span className={styles.fieldLabel}>{label}</span>
      {children}
      {hint && <span className={styles.hint}>{hint}</span>}
    </>
  );
  return group ? (
    <div className={styles.field} role="group" aria-label={label}>
      {content}
    </div>
  ) : (
    <label className={styles.field}>{content}</label>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

function Segmented({ value, options, onChange }: { value: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <span className={styles.segmented} role="radiogroup">
      {options.map(([optionValue, label]) => (
        <button
          key={optionValue}
          type="button"
          role="radio"
          aria-checked={value === optionValue}
          className={value === optionValue ? styles.segmentOn : undefined}
          onClick={() => onChange(optionValue)}
        >
          {label}
        </button>
      ))}
    </span>
  );
}
