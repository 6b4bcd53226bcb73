// Forcing an error of SPEC.md section 8 on the operation a screen calls (POST /__mock/scenarios) and checking
// that the screen shows what the catalogue says for it: GET /__mock/scenarios gives each scenario's `ui`
// (kind, title, message, buttons), the sdk's resolveError without an operation's own rule.
import { JourneyFailure } from './fixtures.mjs';
import { errorListOf } from '../../lib/error-body.mjs';

/**
 * Chrome silently resends a request when a reused keep-alive connection closes without an answer or answers
 * 408 (for 408, once per idle connection it holds, up to 6 per host), so such a scenario forced once rarely
 * reaches the app. Forced 8 times it always does; the uses left over are cleared after each check.
 */
const RESENT_TIMES = 8;
const resentByBrowser = (scenario) => scenario.kind === 'fault' || scenario.status === 408;

/**
 * @param {import('./fixtures.mjs').JourneyContext} ctx the journey's helpers (lib/fixtures.mjs)
 * @param {import('@creator-market/sdk/control').MockControl} mock the world's control client
 * @returns {Promise<{catalogue: Map<string, any>, covered: string[], check: Function}>}
 */
export async function forcedErrors(ctx, mock) {
  const catalogue = new Map((await mock.scenarios.list()).scenarios.map((scenario) => [scenario.name, scenario]));
  const covered = [];

  /**
   * Checks that `root` (the page, or the frame the app runs in) shows what the catalogue says for `name`, and
   * answers it: a confirm's cancel button, an alert's '확인'.
   */
  async function expectShown(name, root, answered = undefined) {
    const { ui } = catalogue.get(name);
    // A list error names the caller's own cart lines: the dialog is checked against the answer the app got.
    const body = answered ?? catalogue.get(name).body;
    switch (ui.kind) {
      case 'alert':
      case 'confirm':
      case 'inquiry':
      case 'relogin':
      case 'login': {
        const dialog = root
          .getByRole('alertdialog')
          .filter({ has: root.getByRole('heading', { name: ui.title, exact: true }) })
          .last();
        try {
          await dialog.waitFor();
        } catch {
          const open = await root
            .getByRole('alertdialog')
            .allInnerTexts()
            .catch(() => []);
          throw new JourneyFailure(
            `expected the dialog '${ui.title}'; ${open.length ? `open instead: ${JSON.stringify(open.map((t) => t.replace(/\s+/g, ' ')))}` : 'no dialog opened'}`,
          );
        }
        const message = await dialog.evaluate(
          (element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
        );
        if (!message.startsWith(ui.message))
          throw new JourneyFailure(`'${ui.title}' says '${message}', expected it to start with '${ui.message}'`);
        for (const item of errorListOf(body)) {
          if (item.title && !message.includes(`· ${item.title}`))
            throw new JourneyFailure(`'${ui.title}' does not name '${item.title}' of the error's list: '${message}'`);
        }
        if (ui.kind === 'inquiry' && !message.includes(`상태: ${ui.status}`))
          throw new JourneyFailure(`the inquiry dialog does not give the status ${ui.status}: '${message}'`);
        for (const button of ui.buttons ?? []) await dialog.getByRole('button', { name: button.label, exact: true }).waitFor();
        await ctx.shot(name, { wait: false });
        const cancel = (ui.buttons ?? []).find((button) => button.action === 'none');
        await dialog.getByRole('button', { name: cancel?.label ?? '확인', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
        return;
      }
      case 'toast': {
        const toast = root.locator('[role="status"], [role="alert"]').filter({ hasText: ui.message }).first();
        await toast.waitFor().catch(() => {
          throw new JourneyFailure(`expected the toast '${ui.message}'`);
        });
        await ctx.shot(name, { wait: false });
        return;
      }
      case 'not-found':
        await root.getByText('길을 잃으셨나요?', { exact: true }).waitFor();
        await ctx.shot(name, { wait: false });
        return;
      case 'silent': {
        await ctx.page.waitForTimeout(700);
        const open = await root.getByRole('alertdialog').count();
        const errorToasts = await root.locator('[role="alert"]').filter({ visible: true }).allInnerTexts();
        if (open || errorToasts.some((text) => text.trim() !== ''))
          throw new JourneyFailure(`'${name}' should show nothing; shown: ${open} dialog(s), ${JSON.stringify(errorToasts)}`);
        return;
      }
      default:
        throw new JourneyFailure(`the catalogue's kind '${String(ui.kind)}' of '${name}' is not known to the e2e journeys`);
    }
  }

  /**
   * One step: forces `name` on `operation` ({label, method, path}), runs `trigger`, checks the screen shows
   * the catalogue's text for `shows` (the scenario itself unless a `slow:MS` name is forced). A rule left
   * unused says the screen never made the call.
   */
  async function check(name, operation, trigger, { root = ctx.page, shows = name } = {}) {
    const expected = catalogue.get(shows);
    if (!expected) throw new Error(`GET /__mock/scenarios has no scenario '${shows}'`);
    const forced = catalogue.get(name);
    const times = forced && resentByBrowser(forced) ? RESENT_TIMES : 1;
    await ctx.step(`${name} on ${operation.label}`, async () => {
      if (expected.ui.kind === 'toast') {
        // Toasts last 3 s: an earlier one with the same words must go first, so the one checked is new.
        await root
          .locator('[role="status"], [role="alert"]')
          .filter({ hasText: expected.ui.message })
          .first()
          .waitFor({ state: 'hidden', timeout: 6000 })
          .catch(() => undefined);
      }
      await mock.scenarios.force(name, { method: operation.method, path: operation.path, times });
      const listed = errorListOf(expected.body).length > 0;
      const answer = listed
        ? ctx.page
            .waitForResponse(
              (res) =>
                res.request().method() === operation.method &&
                ctx.apiPath(res.url()) === operation.path &&
                res.status() === expected.status,
            )
            .then((res) => res.json())
        : Promise.resolve(undefined);
      await trigger();
      try {
        await expectShown(shows, root, await answer);
      } catch (error) {
        const left = (await mock.scenarios.list()).rules;
        if (left.length && left[0].times === times)
          throw new JourneyFailure(
            `${error.message} (the forced rule was not used: the screen did not call ${operation.method} ${operation.path})`,
          );
        throw error;
      } finally {
        // Uses the browser did not resend are left over.
        await mock.scenarios.clear();
      }
      covered.push(`${shows} (${name === shows ? '' : `forced as ${name} on `}${operation.label})`);
    });
  }

  return { catalogue, covered, check };
}
