export default { name: 'simulator-open-alert', title: 'simulator-open-alert', timeoutMs: 60_000, async run() { throw new Error('not written yet'); } };
