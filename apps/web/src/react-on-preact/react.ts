/**
 * What the app and its libraries import as `react`, in the build and the browser tests: Preact's
 * React layer (`preact/compat`, about 57 KB gzip less on every first screen than React DOM; the
 * decision is in docs/performance.md, "First screen"), plus stand-ins for the two React 19 names
 * that layer lacks and the libraries import. apps/web/react-on-preact.ts maps the imports here.
 */
import { options } from 'preact';
import * as compat from 'preact/compat';
import { createElement, type ReactNode } from 'preact/compat';

// @ts-expect-error Preact's types declare compat as `export =`; the module has named exports.
export * from 'preact/compat';

/**
 * Effects (`useEffect`) run as soon as the change that scheduled them is on the page, before any
 * later event is handled, as React runs those of a person's input. Preact's default waits for the
 * next frame (up to 35 ms): an event in between met the previous render's effects, so a library
 * that takes its latest options in an effect (the query library's mutations) ran a click with
 * the function from before the price had loaded.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

/**
 * React 19's `<Activity mode>` keeps hidden content mounted (its state, its DOM) and hides it.
 * Mantine uses it for content it keeps mounted while closed (Tabs' panels by default, and a
 * Collapse, Transition, Accordion, Stepper or Tree given `keepMounted`). Here the content is kept
 * mounted inside an element that lays out as if absent (`display: contents`) while visible and
 * is `display: none` while hidden; the element stays in both modes, so switching never remounts.
 * Unlike React, the hidden content's effects keep running.
 */
export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ReactNode;
}) {
  return createElement(
    'div',
    {
      'data-activity': mode,
      style: { display: mode === 'hidden' ? 'none' : 'contents' },
    },
    children,
  );
}

/**
 * React 19's `useOptimistic`, which react-router imports (its RouterProvider, which the app does
 * not use). Outside a transition React returns the value passed in, and so does this; an
 * optimistic update is not shown before the transition ends.
 */
export function useOptimistic<S>(passthrough: S): [S, (action: unknown) => void] {
  return [passthrough, () => undefined];
}

export default { ...compat, Activity, useOptimistic };
