/**
 * What the compiled JSX imports as `react/jsx-runtime` (and `react/jsx-dev-runtime`), in the
 * build and the browser tests: Preact's runtime with React's handling of a `key` that arrives
 * among the props (`<TextInput {...field('email')} />`, where the field's props carry
 * Mantine's `form.key`): React takes it as the element's key, Preact's runtime would pass it on as
 * a prop, and an uncontrolled form's field would then never be replaced when its value is set.
 */
import 'preact/compat';
import { Fragment, jsx as preactJsx } from 'preact/jsx-runtime';

type Args = Parameters<typeof preactJsx>;

export function jsx(type: Args[0], props: Args[1], key?: Args[2]): ReturnType<typeof preactJsx> {
  if (key === undefined && props && 'key' in props) {
    const { key: fromProps, ...others } = props as Record<string, unknown>;
    return preactJsx(type, others as Args[1], fromProps as Args[2]);
  }
  return preactJsx(type, props, key);
}

export { Fragment, jsx as jsxDEV, jsx as jsxs };
