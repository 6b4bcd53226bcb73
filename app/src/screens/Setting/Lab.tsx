// The Lab (developer tools, SPEC.md section 2) over the mock server's control plane: sign in as a persona,
// force a sticky scenario, add latency, move the clock, start the world afresh; plus the token check. It says so when the control
// plane does not answer (a real API, or a mock without it).
import { formatDateTime } from '@creator-market/sdk/domain';
import { useEffect, useState } from 'react';
import { now, serverClock } from '../../api/clock';
import type { Clock, JournalEntry, Persona, ScenarioCatalogue } from '@creator-market/sdk/control';
import { isControlUnavailable, labControl } from '../../api/mockControl';
import { presentError } from '../../services/errors';
import { pageNavigation } from '../../services/pageNavigation';
import { isNativeApp } from '../../services/platform';
import { signIn, useSession } from '../../stores/session';
import { Button } from '../../ui/Button';
import { Chip } from '../../ui/Chip';
import { confirm } from '../../ui/Dialog';
import { toast } from '../../ui/Toast';
import { NativeLab } from './NativeLab';
import styles from './Setting.module.css';

type Availability = 'checking' | 'ready' | 'absent';

/** How many of the world's latest requests the Lab lists. */
const REQUEST_LOG_LIMIT = 20;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const listRequests = async () => (await labControl().journal.list({ limit: REQUEST_LOG_LIMIT })).requests;
const listScenarios = () => labControl().scenarios.list();

/** Runs a control-plane action, turning its failure into a toast. */
async function attempt(action: () => Promise<void>, failureMessage: string): Promise<void> {
  try {
    await action();
  } catch (error) {
    const detail = isControlUnavailable(error)
      ? '모의 서버 제어를 사용할 수 없어요'
      : error instanceof Error
        ? error.message
        : String(error);
    toast(`${failureMessage}: ${detail}`, { type: 'error' });
  }
}

export function Lab() {
  const [availability, setAvailability] = useState<Availability>('checking');
  const [personas, setPersonas] = useState<Persona[] | null>(null);
  const [scenarios, setScenarios] = useState<ScenarioCatalogue | null>(null);
  const [clock, setClockState] = useState<Clock | null>(null);
  const [requests, setRequests] = useState<JournalEntry[] | null>(null);

  // Each part on its own: the in-browser mock has the personas but not the Express control plane.
  useEffect(() => {
    let cancelled = false;
    void Promise.allSettled([labControl().personas(), listScenarios(), labControl().clock.get(), listRequests()]).then(
      ([personaList, scenarioList, clockNow, requestList]) => {
        if (cancelled) return;
        if (personaList.status === 'fulfilled') setPersonas(personaList.value);
        if (scenarioList.status === 'fulfilled') setScenarios(scenarioList.value);
        if (clockNow.status === 'fulfilled') setClockState(clockNow.value);
        if (requestList.status === 'fulfilled') setRequests(requestList.value);
        const any = [personaList, scenarioList, clockNow, requestList].some((result) => result.status === 'fulfilled');
        setAvailability(any ? 'ready' : 'absent');
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <section className={styles.section} aria-labelledby="lab-title">
      <h2 id="lab-title" className={styles.sectionTitle}>
        실험실 <span className={styles.labBadge}>개발자용</span>
      </h2>
      <div className={styles.sectionBody}>
        <TokenCheck />
        {isNativeApp() && <NativeLab />}
        {availability === 'checking' && <p className={styles.labNote}>모의 서버에 연결하는 중이에요…</p>}
        {availability === 'absent' && (
          <p className={styles.labNote} role="status">
            모의 서버 제어(/__mock)를 사용할 수 없어요. `pnpm mock`으로 모의 서버를 실행해주세요.
          </p>
        )}
        {personas && <PersonaPicker personas={personas} />}
        {scenarios && (
          <>
            <ScenarioPicker catalogue={scenarios} onChange={() => void listScenarios().then(setScenarios, () => {})} />
            <LatencyControl />
          </>
        )}
        {clock && <ClockControl clock={clock} onChange={setClockState} />}
        {requests && <RequestLog requests={requests} onRefresh={() => void listRequests().then(setRequests, () => {})} />}
        {availability === 'ready' && <WorldReset />}
      </div>
    </section>
  );
}

/**
 * POST /__mock/reset: the world the app is pinned to made afresh from the seed (carts, orders and every
 * other change gone; in the browser-only mode also what IndexedDB kept), then the page loads again so
 * no screen shows what was.
 */
function WorldReset() {
  const [busy, setBusy] = useState(false);
  async function reset() {
    const sure = await confirm({
      title: '모의 데이터 초기화',
      message: '장바구니, 주문 등 바꾼 내용을 모두 지우고 처음 상태로 돌아가요.',
      confirmText: '초기화',
      destructive: true,
    });
    if (!sure) return;
    setBusy(true);
    await attempt(async () => {
      await labControl().reset();
      pageNavigation.reload();
    }, '초기화 실패');
    setBusy(false);
  }
  return (
    <div className={styles.labBlock}>
      <h3 className={styles.labTitle}>모의 데이터</h3>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void reset()}>
        처음 상태로 초기화
      </Button>
    </div>
  );
}

function TokenCheck() {
  const { token, me } = useSession();
  return (
    <div className={styles.labBlock}>
      <h3 className={styles.labTitle}>토큰 확인</h3>
      <dl className={styles.labFacts}>
        <div>
          <dt>uid</dt>
          <dd>{me?.user.uid ?? '없음'}</dd>
        </div>
        <div>
          <dt>토큰</dt>
          <dd className={styles.mono}>{token ? `${token.slice(0, 18)}…` : '없음'}</dd>
        </div>
      </dl>
    </div>
  );
}

function PersonaPicker({ personas }: { personas: Persona[] }) {
  const { me } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  async function choose(persona: Persona['id']) {
    setBusy(persona);
    await attempt(async () => {
      const { token } = await labControl().login(persona);
      try {
        await signIn(token);
      } catch (error) {
        await presentError(error, { operation: 'getMe' });
        return;
      }
      toast(`${persona} 페르소나로 로그인했어요`, { type: 'success' });
    }, '페르소나 로그인 실패');
    setBusy(null);
  }
  return (
    <div className={styles.labBlock}>
      <h3 className={styles.labTitle}>페르소나로 로그인</h3>
      <div className={styles.labChips}>
        {personas.map((p) => (
          <Chip key={p.id} selected={me?.user.uid === p.uid} onClick={() => void choose(p.id)} disabled={busy !== null}>
            {busy === p.id ? '로그인 중…' : p.id}
          </Chip>
        ))}
      </div>
    </div>
  );
}

function ScenarioPicker({ catalogue, onChange }: { catalogue: ScenarioCatalogue; onChange: () => void }) {
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [times, setTimes] = useState('1');

  async function add() {
    if (!name) return;
    const count = Number.parseInt(times, 10);
    await attempt(async () => {
      await labControl().scenarios.force(name, { ...(path.trim() ? { path: path.trim() } : {}), ...(count > 0 ? { times: count } : {}) });
      onChange();
      toast(`시나리오 ${name}을(를) 걸었어요`, { type: 'success' });
    }, '시나리오 설정 실패');
  }

  async function clear() {
    await attempt(async () => {
      await labControl().scenarios.clear();
      onChange();
      toast('시나리오를 모두 지웠어요', { type: 'success' });
    }, '시나리오 해제 실패');
  }

  const rules = catalogue.rules.map((rule) =>
    [rule.name, rule.path, rule.times !== undefined ? `${rule.times}회` : null].filter(Boolean).join(' · '),
  );
  return (
    <div className={styles.labBlock}>
      <h3 className={styles.labTitle}>고정 시나리오</h3>
      <label className={styles.labField}>
        <span>시나리오</span>
        <select value={name} onChange={(event) => setName(event.target.value)}>
          <option value="">선택하세요</option>
          {catalogue.scenarios.map((s) => (
            <option key={s.name} value={s.name}>
              {s.status !== undefined ? `${s.name} (${s.status})` : s.name}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.labRow}>
        <label className={styles.labField}>
          <span>경로 (선택)</span>
          <input value={path} onChange={(event) => setPath(event.target.value)} placeholder="/cart/add/common" />
        </label>
        <label className={`${styles.labField} ${styles.labNarrow}`}>
          <span>횟수</span>
          <input value={times} inputMode="numeric" onChange={(event) => setTimes(event.target.value.replace(/\D/g, ''))} />
        </label>
      </div>
      <p className={styles.labNote}>적용 중: {rules.length > 0 ? rules.join(', ') : '없음'}</p>
      <div className={styles.labButtons}>
        <Button size="sm" onClick={() => void add()} disabled={!name}>
          적용
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void clear()}>
          모두 해제
        </Button>
      </div>
    </div>
  );
}

function LatencyControl() {
  const [ms, setMs] = useState('0');
  async function apply() {
    const value = Number.parseInt(ms, 10) || 0;
    await attempt(async () => {
      await labControl().latency.set(value);
      toast(`응답 지연을 ${value}ms로 바꿨어요`, { type: 'success' });
    }, '지연 시간 설정 실패');
  }
  return (
    <div className={styles.labBlock}>
      <h3 className={styles.labTitle}>응답 지연</h3>
      <div className={styles.labRow}>
        <label className={styles.labField}>
          <span>지연 (ms)</span>
          <input value={ms} inputMode="numeric" onChange={(event) => setMs(event.target.value.replace(/\D/g, ''))} />
        </label>
        <Button size="sm" onClick={() => void apply()} className={styles.labAlign}>
          적용
        </Button>
      </div>
    </div>
  );
}

function ClockControl({ clock, onChange }: { clock: Clock; onChange: (clock: Clock) => void }) {
  const [input, setInput] = useState('');

  async function change(next: { now: string } | { offsetMs: number }) {
    await attempt(async () => {
      const updated = 'now' in next ? await labControl().clock.set(next.now) : await labControl().clock.setOffset(next.offsetMs);
      onChange(updated);
      // The app's clock follows the mock's on its next response; adopt the new time now.
      serverClock.observe(new Headers({ 'X-Mock-Now': updated.now }));
      toast('시계를 바꿨어요', { type: 'success' });
    }, '시계 설정 실패');
  }

  const offset = clock.offsetMs;
  return (
    <div className={styles.labBlock}>
      <h3 className={styles.labTitle}>시계</h3>
      <p className={styles.labNote}>
        서버 시각 {formatDateTime(clock.now)} · 앱 시각 {formatDateTime(now())}
      </p>
      <div className={styles.labButtons}>
        <Button size="sm" variant="secondary" onClick={() => void change({ offsetMs: offset + HOUR_MS })}>
          +1시간
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void change({ offsetMs: offset + DAY_MS })}>
          +1일
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void change({ offsetMs: 0 })}>
          실제 시각으로
        </Button>
      </div>
      <div className={styles.labRow}>
        <label className={styles.labField}>
          <span>시각 지정</span>
          <input type="datetime-local" value={input} onChange={(event) => setInput(event.target.value)} />
        </label>
        <Button
          size="sm"
          className={styles.labAlign}
          disabled={!input}
          // datetime-local is the device's local time; Date turns it into an instant.
          onClick={() => void change({ now: new Date(input).toISOString() })}
        >
          지정
        </Button>
      </div>
    </div>
  );
}

/** The latest API requests of this world, as the mock received them (its request journal), newest first. */
function RequestLog({ requests, onRefresh }: { requests: JournalEntry[]; onRefresh: () => void }) {
  return (
    <div className={styles.labBlock}>
      <h3 className={styles.labTitle}>받은 요청</h3>
      {requests.length === 0 ? (
        <p className={styles.labNote}>아직 받은 요청이 없어요.</p>
      ) : (
        <ol className={styles.labRequests} aria-label="받은 요청 목록">
          {[...requests].reverse().map((request, index) => (
            <li key={`${request.time}-${index}`}>
              <span className={styles.labRequestStatus}>{request.status}</span> {request.method} {request.path}{' '}
              <span className={styles.labNote}>
                {formatDateTime(request.time, 'HH:mm:ss')} · {request.durationMs}ms
              </span>
            </li>
          ))}
        </ol>
      )}
      <Button size="sm" variant="secondary" onClick={onRefresh}>
        새로고침
      </Button>
    </div>
  );
}
