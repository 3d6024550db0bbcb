import { createElement as h, Suspense, use } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderDocument } from "../../app/lib/render-document.server.ts";

const never = new Promise<string>(() => {});
function Waiting() {
  return h("p", null, use(never));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("renderDocument", () => {
  it("gives the whole document and keeps no timer once it is made", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const errors: unknown[] = [];
    const html = await renderDocument(h("main", null, h("h1", null, "Billing"), h("p", null, "Balance")), {
      timeoutMs: 6_000,
      onError: (error) => errors.push(error),
    });
    expect(html).toBe("<main><h1>Billing</h1><p>Balance</p></main>");
    expect(errors).toEqual([]);
    // A timer left running would hold the render, its document included, for six seconds. React's own
    // scheduling uses timers of 0 ms, run here first.
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("aborts a render that outlives its time: the fallback goes out and the error is reported", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // React says on the console that a task was still pending when the render was aborted.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const errors: Array<[unknown, boolean]> = [];
    const html = renderDocument(h("main", null, h(Suspense, { fallback: h("p", null, "Loading") }, h(Waiting))), {
      timeoutMs: 6_000,
      onError: (error, afterReady) => errors.push([error, afterReady]),
    });
    let done = false;
    void html.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(5_999);
    expect(done).toBe(false);
    // React ends the aborted boundaries in a task of its own, right after.
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(await html).toContain("Loading");
    expect(errors).toHaveLength(1);
    expect(errors[0][1]).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects when even the page's frame fails", async () => {
    function Broken(): never {
      throw new Error("no frame");
    }
    const errors: unknown[] = [];
    await expect(renderDocument(h(Broken), { timeoutMs: 6_000, onError: (error) => errors.push(error) })).rejects.toThrow("no frame");
    expect(errors).toHaveLength(1);
  });
});
