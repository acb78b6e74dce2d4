/* What both engine workers (web/quick/worker.mjs, web/worker.mjs) say to the page (web/engine.mjs).
 *
 * `started` is a promise of the worker's Python `call(name, argsJson)`. Once it resolves the worker
 * says `{ready: true}`, or `{failed: message}` if it rejects; each message `{id, name, args}` (args
 * as JSON text) is answered `{id, reply}` (call's JSON text) or `{id, error}`.
 */
export function answerCalls(started) {
  started.then(
    () => postMessage({ ready: true }),
    (error) => postMessage({ failed: String((error && error.message) || error) }),
  );
  addEventListener("message", async ({ data }) => {
    const call = await started.catch(() => null);
    if (!call) return; // said once, by the `failed` message
    try {
      postMessage({ id: data.id, reply: call(data.name, data.args) });
    } catch (error) {
      postMessage({ id: data.id, error: String((error && error.message) || error) });
    }
  });
}
