import { describe, expect, it } from 'vitest';
import { createDrawQueue, DrawSupersededError, type CancellableRender } from './pdfRenderer';

/** A render that ends when told to, or rejects when cancelled, and says whether it overlapped another. */
function fakeRenders() {
  let running = 0;
  const log: string[] = [];
  const finishers: (() => void)[] = [];
  const start = (name: string) => async (): Promise<CancellableRender> => {
    if (running > 0) throw new Error('Cannot use the same canvas during multiple render() operations');
    running += 1;
    log.push(`start ${name}`);
    let cancel = () => undefined as void;
    const promise = new Promise<void>((resolve, reject) => {
      finishers.push(() => resolve());
      cancel = () => reject(new Error(`${name} cancelled`));
    }).finally(() => {
      running -= 1;
      log.push(`end ${name}`);
    });
    return { promise, cancel: () => cancel() };
  };
  return { log, start, finishAll: () => finishers.splice(0).forEach((finish) => finish()) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('plate draws on one canvas', () => {
  it('cancels the draw under way and draws the newest once it has ended, never two at once', async () => {
    const draw = createDrawQueue();
    const canvas = {};
    const renders = fakeRenders();
    const first = draw(canvas, renders.start('2.25x'));
    await tick();
    const second = draw(canvas, renders.start('1x'));
    await expect(first).rejects.toThrow('2.25x cancelled');
    await tick();
    renders.finishAll();
    await expect(second).resolves.toBeUndefined();
    expect(renders.log).toEqual(['start 2.25x', 'end 2.25x', 'start 1x', 'end 1x']);
  });

  it('skips a draw replaced before it began: only the newest of three is drawn', async () => {
    const draw = createDrawQueue();
    const canvas = {};
    const renders = fakeRenders();
    const a = draw(canvas, renders.start('a'));
    const b = draw(canvas, renders.start('b'));
    const c = draw(canvas, renders.start('c'));
    await expect(a).rejects.toThrow(DrawSupersededError);
    await expect(b).rejects.toThrow(DrawSupersededError);
    await tick();
    renders.finishAll();
    await expect(c).resolves.toBeUndefined();
    expect(renders.log).toEqual(['start c', 'end c']);
  });

  it('keeps canvases apart', async () => {
    const draw = createDrawQueue();
    const renders = [fakeRenders(), fakeRenders()];
    const one = draw({}, renders[0]!.start('one'));
    const two = draw({}, renders[1]!.start('two'));
    await tick();
    renders.forEach((r) => r.finishAll());
    await expect(Promise.all([one, two])).resolves.toEqual([undefined, undefined]);
  });
});
