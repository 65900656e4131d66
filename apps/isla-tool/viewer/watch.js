// SPDX-License-Identifier: MIT
// The page's side of `isla-tool view --watch`: the server's /watch.json
// ({watching: true, version, world, compiling, error}, or {watching: false}),
// polled while the page is open. Polling (not a held-open request) keeps
// the server a file server, and a page reopened after a restart goes on.

const kPollMs = 250;

export async function watchState() {
  const response = await fetch('/watch.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/watch.json: HTTP ${response.status}`);
  return response.json();
}

// Calls `changed(state)` for each state unlike the one before, from `first`
// on, one call at a time: a version shown while the next is compiled
// waits. A server gone (the view ended) is polled until it answers again.
export function followWatch(first, changed) {
  let last = JSON.stringify(first), warned = false;
  const poll = async () => {
    try {
      const state = await watchState();
      warned = false;
      const text = JSON.stringify(state);
      if (text !== last) {
        last = text;
        await changed(state);
      }
    } catch (error) {
      if (!warned) console.warn(`isla-tool view: ${error.message}`);
      warned = true;
    }
    setTimeout(poll, kPollMs);
  };
  setTimeout(poll, kPollMs);
}
