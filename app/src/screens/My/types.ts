// The signed-in account as the my page reads it: the session store's (read-only) snapshot.
import type { useSession } from '../../stores/session';

export type MeSnapshot = NonNullable<ReturnType<typeof useSession>['me']>;
