// The instant the app's tests run at: Thursday 10 December 2026, 12:00 in Seoul (03:00 UTC), the same as the
// mock server's test harness (mock-server/test/support/harness.ts TEST_NOW). src/testing/setup.ts fakes Date from this
// instant (it then advances with real time), and the mock worlds are generated at TEST_NOW, so a test sees the
// same markets, carts and "today" at any hour it runs. A test that needs "today" derives it from Date.now().
export const TEST_NOW = Date.parse('2026-12-10T03:00:00Z');
