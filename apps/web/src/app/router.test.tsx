import { ROUTES } from '@learnbuild/domain/routes';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';
import { SCREENS } from './screens';

type GuardElement = ReactElement<{ access: unknown; children: ReactElement }>;

function routeAt(path: string) {
  const route = appRoutes()[0]!.children!.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route.element as GuardElement;
}
const screenAt = (path: string) => routeAt(path).props.children.type;

describe('web router (SPEC 2)', () => {
  it('has one guarded route per entry of the route table, plus the not-found page', () => {
    const paths = appRoutes()[0]!.children!.map((r) => r.path);
    expect(paths).toEqual([...ROUTES.map((r) => r.path), '*']);
    for (const route of ROUTES) expect(routeAt(route.path).props.access).toBe(route.access);
  });

  it('/core-subjects and /core-subject render the same screen', () => {
    expect(screenAt('/core-subject')).toBe(SCREENS.coreSubjects);
    expect(screenAt('/core-subjects')).toBe(SCREENS.coreSubjects);
    expect(screenAt('/core-subject')).not.toBe(screenAt('/subject/:subjectId'));
  });

  it('the subtopic route renders the topic screen', () => {
    expect(screenAt('/subject/:subjectId/topic/:topicId/subtopic/:subtopicId')).toBe(SCREENS.subjectTopic);
    expect(screenAt('/subject/:subjectId/topic/:topicId')).toBe(SCREENS.subjectTopic);
  });

  it('/dsa-management renders the admin DSA screen', () => {
    expect(screenAt('/dsa-management')).toBe(SCREENS.dsaManagement);
    expect(screenAt('/admin/dsa')).toBe(SCREENS.dsaManagement);
    expect(screenAt('/dsa-management')).not.toBe(screenAt('/admin/subjects'));
  });

  it('/problems/:problemSlug renders the problem screen, open to anyone (issue 27)', () => {
    expect(screenAt('/problems/:problemSlug')).toBe(SCREENS.problem);
    expect(routeAt('/problems/:problemSlug').props.access).toEqual({ kind: 'public' });
  });
});
