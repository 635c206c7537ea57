// One form-state hook: a form holds its draft and its refusals with lib/use-draft.ts (a changed
// field clears its own refusal), not with its own `[errors, setErrors] = useState(...)`.
// `toMove` lists the forms still holding their own (their drafts are split over several states
// or checked per step); it only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '../apps/web/src');
const ownState = /\[errors, setErrors\] = useState\b/;

const toMove = [
  'features/announcements/components/announcement-post-form.tsx',
  'features/appointments/components/availability-form.tsx',
  'features/assessments/screens/assessment-screen.tsx',
  'features/care/components/get-care-screening-step.tsx',
  'features/care/components/use-clinic-end-visit.ts',
  'features/crm/components/customer-detail.tsx',
  'features/pharmacy/components/pharmacy-rx-forms-section.tsx',
  'features/prepay/components/token-fields.tsx',
  'features/prepay/components/use-program-settings.ts',
  'features/providers/screens/provider-screen.tsx',
  'features/providers/screens/providers-screen.tsx',
  'features/rx/components/rx-forms-section.tsx',
  'features/rx/components/rx-questions-step.tsx',
  'features/subscriptions/components/rx-services-section.tsx',
  'features/subscriptions/screens/subscription-purchase-screen.tsx',
];

const own = readdirSync(web, { withFileTypes: true, recursive: true })
  .filter(
    (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
  )
  .map((entry) => path.relative(web, path.join(entry.parentPath, entry.name)))
  .filter((file) => file !== 'lib/use-draft.ts')
  .filter((file) => ownState.test(readFileSync(path.join(web, file), 'utf8')))
  .sort();

describe('web forms', () => {
  it('holds a new form’s state with useDraft', () => {
    expect(own.filter((file) => !toMove.includes(file))).toEqual([]);
  });

  it('lists no form that moved to useDraft', () => {
    expect(toMove.filter((file) => !own.includes(file))).toEqual([]);
  });

  it('has forms on useDraft', () => {
    const using = readdirSync(web, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .filter((entry) =>
        /\buseDraft</.test(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')),
      );
    expect(using.length).toBeGreaterThanOrEqual(7);
  });
});
