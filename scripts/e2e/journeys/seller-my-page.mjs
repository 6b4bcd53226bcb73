export default { name: 'seller-my-page', title: 'seller-my-page', timeoutMs: 60_000, async run() { throw new Error('not written yet'); } };
