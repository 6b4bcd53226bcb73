// Settings (/setting, SPEC.md section 2): the account card, native-only items (inside the app only), the
// general items (scroll view of products, usage guide, withdrawal) and the Lab for developers.
import { configStore, saveLoginRedirect } from '@creator-market/sdk/domain';
import { useState, type ReactNode } from 'react';
import { isLabEnabled, rememberDebugFlag } from '../../services/debug';
import { currentFullPath, LOGIN_PATH } from '../../services/login';
import { isNativeApp, openExternal } from '../../services/platform';
import { NOTIFICATION_GUIDE_URL, USAGE_GUIDE_URL } from '../../config/links';
import { native } from '../../services/native/bridge';
import { OPEN_ALERT_TEST_DRAWER, OpenAlertTestSheet } from '../../features/native-alerts/OpenAlertTest';
import { PUSH_ALERT_TEST_DRAWER, PushAlertTestSheet } from '../../features/native-alerts/PushAlertTest';
import { hasAlarmSetting, useNativeDevice } from '../../services/native/useNativeDevice';
import { openDrawer } from '../../stores/drawers';
import { imageUrl } from '../../lib/media/imageUrl';
import { signOut, useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { Footer } from '../../ui/Footer';
import { IconChevron } from '../../ui/icons/actions';
import { IconMy } from '../../ui/icons/navigation';
import { navigate } from '../../lib/navigation';
import { Toggle } from '../../ui/Toggle';
import { Lab } from './Lab';
import styles from './Setting.module.css';
import { withdrawAccount } from './withdraw';

export default function Setting() {
  const { me, ready, token } = useSession();
  // ?debug=1 / ?debug=0 on the address turns the Lab on or off before it is decided below.
  useState(rememberDebugFlag);
  const uid = me?.user.uid ?? null;
  const device = useNativeDevice();

  return (
    <div className={styles.page}>
      <AppBar title="설정" />
      <AccountCard />

      {isNativeApp() && (
        <Section title="알림">
          <Row label="앱 알림 설정" onClick={() => native.openSetting('notifications')} />
          {hasAlarmSetting(device) && <Row label="알람 및 리마인더" onClick={() => native.openSetting('alarms')} />}
          <Row label="알림 이용 가이드" onClick={() => openExternal(NOTIFICATION_GUIDE_URL)} />
          <Row label="오픈 알림 테스트" onClick={() => openDrawer(OPEN_ALERT_TEST_DRAWER)} />
          <Row label="푸시 알림 테스트" onClick={() => openDrawer(PUSH_ALERT_TEST_DRAWER)} />
          <OpenAlertTestSheet />
          <PushAlertTestSheet />
        </Section>
      )}

      <Section title="일반">
        <ProductScrollToggle />
        {isNativeApp() && <Row label="앱 업데이트" onClick={() => native.updateAppVersion()} />}
        <Row label="이용 가이드" onClick={() => openExternal(USAGE_GUIDE_URL)} />
        {ready && token !== null && me && <Row label="회원 탈퇴" muted onClick={() => void withdrawAccount()} />}
      </Section>

      {isLabEnabled(uid) && <Lab />}

      <Footer className={styles.footer} />
    </div>
  );
}

function AccountCard() {
  const { me, ready, token } = useSession();
  const [leaving, setLeaving] = useState(false);
  const signedIn = token !== null;
  const loading = !ready || leaving || (signedIn && me === null);

  function login() {
    saveLoginRedirect(sessionStorage, { path: currentFullPath(), direct: false });
    navigate(LOGIN_PATH);
  }

  function logout() {
    setLeaving(true);
    signOut();
  }

  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = imageUrl(me?.user.profileImage);
  const email = me?.auth.email || null;
  const name = me?.user.name || me?.auth.displayName || null;
  return (
    <section className={styles.account} aria-label="계정">
      <span className={styles.avatar} aria-hidden="true">
        {photo && !photoFailed ? <img src={photo} alt="" onError={() => setPhotoFailed(true)} /> : <IconMy size={26} />}
      </span>
      <div className={styles.accountText}>
        {signedIn && me ? (
          <>
            <strong className={styles.accountName}>{name ?? '회원'}</strong>
            <span className={styles.accountEmail}>{email ?? '이메일 정보 없음'}</span>
          </>
        ) : (
          <>
            <strong className={styles.accountName}>로그인이 필요해요</strong>
            <span className={styles.accountEmail}>간편 로그인으로 더 편하게 이용해요</span>
          </>
        )}
      </div>
      {signedIn ? (
        <Button size="sm" variant="secondary" loading={loading} onClick={logout}>
          로그아웃
        </Button>
      ) : (
        <Button size="sm" loading={loading} onClick={login}>
          로그인
        </Button>
      )}
    </section>
  );
}

/** View products by scroll (config remember.viewProductScroll; unset means the product page asks first). */
function ProductScrollToggle() {
  const [on, setOn] = useState(() => configStore.read(localStorage).remember.viewProductScroll === true);
  return (
    <Toggle
      className={styles.toggle}
      label="물품 스크롤로 보기"
      description="마켓의 모든 물품을 한 화면에서 이어서 봐요"
      checked={on}
      onChange={(checked) => {
        configStore.update(localStorage, (config) => ({ ...config, remember: { ...config.remember, viewProductScroll: checked } }));
        setOn(checked);
      }}
    />
  );
}

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cx(styles.section, className)}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}

function Row({ label, onClick, muted = false }: { label: string; onClick: () => void; muted?: boolean }) {
  return (
    <button type="button" className={cx(styles.row, muted && styles.muted)} onClick={onClick}>
      <span>{label}</span>
      <IconChevron size={18} className={styles.chevron} />
    </button>
  );
}
