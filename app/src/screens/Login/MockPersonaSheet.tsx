// In-browser mock only (`pnpm dev --no-server`): the provider's sign-in page is a page navigation that the
// service worker cannot answer, so the login buttons open this sheet of the mock's personas instead. The
// choice signs in through the mock and comes back exactly like the real flow: /auth/<provider>?token=...
import type { Persona } from '@creator-market/sdk/control';
import { useEffect, useState } from 'react';
import { labControl } from '../../api/mockControl';
import { BottomSheet } from '../../ui/BottomSheet';
import { navigate } from '../../lib/navigation';
import { toast } from '../../ui/Toast';
import styles from './Login.module.css';

export function MockPersonaSheet({ provider, onClose }: { provider: 'apple' | 'kakao' | null; onClose: () => void }) {
  const [personas, setPersonas] = useState<Persona[]>([]);

  useEffect(() => {
    if (provider === null) return;
    labControl()
      .personas()
      .then(setPersonas, () => setPersonas([]));
  }, [provider]);

  async function choose(persona: Persona['id']) {
    try {
      const { token } = await labControl().login(persona);
      navigate(`/auth/${provider}?token=${encodeURIComponent(token)}`, { replace: true });
    } catch (error) {
      toast(`모의 로그인 실패: ${error instanceof Error ? error.message : String(error)}`, { type: 'error' });
    }
  }

  return (
    <BottomSheet open={provider !== null} onClose={onClose} title="테스트 계정 선택" showClose>
      <ul className={styles.personas}>
        {personas.map((persona) => (
          <li key={persona.id}>
            <button type="button" className={styles.persona} onClick={() => void choose(persona.id)}>
              <strong>{persona.id}</strong>
              {persona.label && <span>{persona.label}</span>}
            </button>
          </li>
        ))}
      </ul>
    </BottomSheet>
  );
}
