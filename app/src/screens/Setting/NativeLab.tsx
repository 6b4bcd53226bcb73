// The Lab's native tools (SPEC.md section 2, settings Lab): what the shell says about the device (OS,
// version, model, app version, language, locales, push token), permission checks and requests, settings
// shortcuts, a deep-link and store test, the native ad test (popup, rewarded, interstitial), clearing the
// webview history and exiting the app. Shown inside the native app only.
import { useEffect, useState } from 'react';
import { USAGE_GUIDE_URL } from '../../config/links';
import { native, type NativeAdType, type NativePermission, type SettingTarget } from '../../services/native/bridge';
import { Chip } from '../../ui/Chip';
import { toast } from '../../ui/Toast';
import styles from './Setting.module.css';
import labStyles from './NativeLab.module.css';

const PERMISSIONS: readonly NativePermission[] = ['notification', 'alarm', 'media'];
const SETTING_TARGETS: readonly SettingTarget[] = ['notifications', 'alarms', 'application', 'optimization', 'powerManager'];
const AD_TYPES: readonly NativeAdType[] = ['popup', 'rewarded', 'interstitial'];
/** The ad unit the Lab's native ad test asks for. */
const LAB_AD_UNIT = 'lab-native-ad-test';

type Facts = Record<string, string>;

const NO_ANSWER = '응답 없음';

async function readFacts(): Promise<Facts> {
  const ask = <T,>(question: Promise<T>, show: (answer: T) => string) => question.then(show, () => NO_ANSWER);
  const [device, version, language, locales, token] = await Promise.all([
    ask(native.deviceInfo(), (info) => (info ? `${info.os} ${info.osVersion} · ${info.model}` : NO_ANSWER)),
    ask(native.getAppVersion(), (info) => (info ? [info.app, info.build, info.lastest].filter(Boolean).join(' / ') : NO_ANSWER)),
    ask(native.getLanguage(), (answer) => answer),
    ask(native.getLocales(), (answer) => answer.join(', ') || NO_ANSWER),
    ask(native.getDeviceToken(), (answer) => answer ?? '없음'),
  ]);
  return { 기기: device, '앱 버전': version, 언어: language, 로케일: locales, '기기 토큰': token };
}

export function NativeLab() {
  const [facts, setFacts] = useState<Facts | null>(null);
  const [permissions, setPermissions] = useState<Partial<Record<NativePermission, string>>>({});

  useEffect(() => {
    let active = true;
    void readFacts().then((read) => {
      if (active) setFacts(read);
    });
    return () => {
      active = false;
    };
  }, []);

  async function check(permission: NativePermission, ask: boolean) {
    const state =
      ask && permission !== 'alarm'
        ? await native.requestPermission(permission).catch(() => NO_ANSWER)
        : await native.getPermission(permission).catch(() => NO_ANSWER);
    setPermissions((current) => ({ ...current, [permission]: state }));
  }

  async function showAd(type: NativeAdType) {
    try {
      const result = await native.showAd(type, LAB_AD_UNIT);
      toast(`${result.type}: ${result.event} (errorCode ${result.errorCode})`, { type: result.errorCode === 0 ? 'success' : 'warning' });
    } catch {
      toast(`${type}: ${NO_ANSWER}`, { type: 'error' });
    }
  }

  return (
    <>
      <div className={styles.labBlock}>
        <h3 className={styles.labTitle}>네이티브 기기 정보</h3>
        <dl className={labStyles.facts}>
          {Object.entries(facts ?? {}).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {!facts && <p className={styles.labNote}>기기에 묻는 중이에요…</p>}
      </div>
      <div className={styles.labBlock}>
        <h3 className={styles.labTitle}>권한 확인</h3>
        <div className={styles.labChips}>
          {PERMISSIONS.map((permission) => (
            <Chip key={permission} onClick={() => void check(permission, false)}>
              {permission}
              {permissions[permission] ? `: ${permissions[permission]}` : ''}
            </Chip>
          ))}
          <Chip onClick={() => void check('notification', true)}>알림 권한 요청</Chip>
          <Chip onClick={() => void check('media', true)}>미디어 권한 요청</Chip>
        </div>
      </div>
      <div className={styles.labBlock}>
        <h3 className={styles.labTitle}>설정 바로가기</h3>
        <div className={styles.labChips}>
          {SETTING_TARGETS.map((target) => (
            <Chip key={target} onClick={() => native.openSetting(target)}>
              {target}
            </Chip>
          ))}
        </div>
      </div>
      <div className={styles.labBlock}>
        <h3 className={styles.labTitle}>네이티브 광고 테스트</h3>
        <div className={styles.labChips}>
          {AD_TYPES.map((type) => (
            <Chip key={type} onClick={() => void showAd(type)}>
              {type}
            </Chip>
          ))}
        </div>
      </div>
      <div className={styles.labBlock}>
        <h3 className={styles.labTitle}>앱 동작</h3>
        <div className={styles.labChips}>
          <Chip onClick={() => native.updateAppVersion()}>스토어 열기</Chip>
          <Chip onClick={() => void native.sendUrlScheme('kakaotalk://')}>URL 스킴 (카카오톡)</Chip>
          <Chip onClick={() => native.open({ target: 'WebPage', url: USAGE_GUIDE_URL })}>외부 페이지 열기</Chip>
          <Chip onClick={() => native.clearHistory()}>기록 지우기</Chip>
          <Chip onClick={() => native.exitApp()}>앱 종료</Chip>
        </div>
      </div>
    </>
  );
}
