import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  APP_VERSION_UNKNOWN_LOG,
  checkAppVersion,
  compareVersions,
  FORCED_UPDATE_DIALOG,
  needsForcedUpdate,
  parseAppVersionInfo,
  parseVersion,
} from '../../src/domain/app-version';

// Parts as BigInt, so that parts of any length are compared exactly; small parts come up often.
const part = fc.oneof(fc.bigInt({ min: 0n, max: 12n }), fc.bigInt({ min: 0n, max: 1_000_000n }), fc.bigInt({ min: 0n, max: 10n ** 30n }));
const parts = fc.tuple(part, part, part);
const write = (values: readonly bigint[], zeros: readonly number[] = [0, 0, 0]) =>
  values.map((value, index) => '0'.repeat(zeros[index] ?? 0) + value.toString()).join('.');
const zeros = fc.tuple(fc.nat(2), fc.nat(2), fc.nat(2));
const reference = (a: readonly bigint[], b: readonly bigint[]) => {
  for (let index = 0; index < 3; index += 1) if (a[index]! !== b[index]!) return a[index]! < b[index]! ? -1 : 1;
  return 0;
};

describe('version comparison', () => {
  test.prop([parts, parts, zeros, zeros])('agrees with comparing the numeric parts in order', (a, b, zerosA, zerosB) => {
    expect(compareVersions(write(a, zerosA), write(b, zerosB))).toBe(reference(a, b));
  });

  test.prop([parts, parts])('is antisymmetric', (a, b) => {
    expect(compareVersions(write(a), write(b))).toBe(-(compareVersions(write(b), write(a)) as number) || 0);
  });

  test.prop([parts, parts, parts])('is transitive', (a, b, c) => {
    const ab = compareVersions(write(a), write(b))!;
    const bc = compareVersions(write(b), write(c))!;
    if (ab <= 0 && bc <= 0) expect(compareVersions(write(a), write(c))).toBeLessThanOrEqual(0);
  });

  test.prop([parts, zeros])('is reflexive whatever the leading zeros', (a, z) => {
    expect(compareVersions(write(a), write(a, z))).toBe(0);
  });

  it('compares numerically, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('0.2.2', '0.2.10')).toBe(-1);
    expect(compareVersions('01.8.6', '1.8.6')).toBe(0);
  });

  it('refuses anything but three numeric parts', () => {
    for (const version of ['1.8', '1.8.6.1', '1.8.x', 'v1.8.6', '', '1..6', '-1.8.6', '1.8.6-beta']) {
      expect(parseVersion(version)).toBeNull();
      expect(compareVersions(version, '1.8.6')).toBeNull();
    }
    expect(parseVersion(' 1.08.6 ')).toEqual(['1', '8', '6']);
  });
});

describe('app version info', () => {
  it('reads the object and the legacy string', () => {
    expect(parseAppVersionInfo({ app: '1.8.6', build: 186, lastest: '1.9.0' })).toEqual({ app: '1.8.6', build: '186', lastest: '1.9.0' });
    expect(parseAppVersionInfo({ app: ' 0.2.2 ' })).toEqual({ app: '0.2.2' });
    expect(parseAppVersionInfo('1.8.6 186 1.9.0')).toEqual({ app: '1.8.6', build: '186', lastest: '1.9.0' });
    expect(parseAppVersionInfo('  1.8.6   186 ')).toEqual({ app: '1.8.6', build: '186' });
    expect(parseAppVersionInfo('')).toBeNull();
    expect(parseAppVersionInfo({ app: '' })).toBeNull();
    expect(parseAppVersionInfo({ build: '1' })).toBeNull();
    expect(parseAppVersionInfo(null)).toBeNull();
    expect(parseAppVersionInfo(186)).toBeNull();
  });
});

describe('forced update', () => {
  it('pins the dialog and the log line', () => {
    expect(FORCED_UPDATE_DIALOG.title).toBe('필수 업데이트 안내');
    expect(FORCED_UPDATE_DIALOG.buttons.map((button) => button.label)).toEqual(['업데이트', '자세히']);
    expect(APP_VERSION_UNKNOWN_LOG).toBe('버전 정보를 확인할 수 없습니다.');
  });

  it('forces apps below iOS 0.2.2 and Android 1.8.6', () => {
    expect(needsForcedUpdate('ios', '0.2.1 21 0.3.0')).toBe(true);
    expect(needsForcedUpdate('ios', { app: '0.2.2' })).toBe(false);
    expect(needsForcedUpdate('android', { app: '1.8.5', build: '185' })).toBe(true);
    expect(needsForcedUpdate('android', '1.8.6')).toBe(false);
    expect(needsForcedUpdate('android', '1.10.0')).toBe(false);
    expect(checkAppVersion('ios', '0.1.9')).toEqual({ action: 'force-update' });
    expect(checkAppVersion('android', '2.0.0')).toEqual({ action: 'none' });
  });

  it('does nothing but log when the version cannot be read', () => {
    for (const [os, version] of [
      ['ios', 'unknown'],
      ['android', null],
      ['android', { app: '1.8' }],
      ['web', '1.0.0'],
      ['toString', '0.0.1'],
    ] as const) {
      expect(checkAppVersion(os, version)).toEqual({ action: 'unknown', log: '버전 정보를 확인할 수 없습니다.' });
      expect(needsForcedUpdate(os, version)).toBe(false);
    }
  });

  test.prop([fc.constantFrom('ios' as const, 'android' as const), parts])(
    'updates exactly the versions below the minimum',
    (os, version) => {
      const minimum = { ios: [0n, 2n, 2n], android: [1n, 8n, 6n] }[os];
      expect(needsForcedUpdate(os, write(version))).toBe(reference(version, minimum) < 0);
    },
  );
});
