import type { CourseDetail, CourseSection, Lesson } from '@learnbuild/domain/schemas/courses';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@/lib/api-client';

// Shared by the editor's component tests: a course as its owner receives it, and a stand-in server.

export function lesson(id: string, title: string, overrides: Partial<Lesson> = {}): Lesson {
  return {
    id,
    title,
    kind: 'article',
    durationMinutes: 5,
    freePreview: false,
    position: 0,
    completed: false,
    locked: false,
    body: `# ${title}`,
    video: null,
    quiz: null,
    quizAnswers: null,
    ...overrides,
  };
}

export function section(id: string, title: string, lessons: Lesson[] = []): CourseSection {
  return { id, title, position: 0, lessons: lessons.map((item, position) => ({ ...item, position })) };
}

export function course(overrides: Partial<CourseDetail> = {}): CourseDetail {
  const sections = overrides.sections ?? [];
  const lessons = sections.flatMap((item) => item.lessons);
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    title: 'SQL and Relational Design',
    slug: 'sql-and-relational-design',
    subtitle: 'Tables, joins and indexes',
    thumbnail: null,
    level: 'Beginner',
    category: 'Databases',
    tags: ['sql'],
    status: 'draft',
    instructor: { _id: 'instructor-1', name: 'Ada Instructor', profilePic: null },
    studentsEnrolled: [],
    completedStudents: [],
    enrolledCount: 0,
    completedCount: 0,
    lessonCount: lessons.length,
    totalMinutes: lessons.reduce((sum, item) => sum + item.durationMinutes, 0),
    rating: { average: null, count: 0 },
    publishedAt: null,
    updatedAt: '2026-01-10T10:00:00.000Z',
    description: 'Learn to model data.',
    outcomes: [],
    thumbnailMediaId: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    sections,
    viewer: {
      enrolled: false,
      canEdit: true,
      completedLessonIds: [],
      completedAt: null,
      certificateId: null,
      lastLessonId: null,
      lastPositionSeconds: 0,
      myReview: null,
    },
    ...overrides,
  };
}

export interface SeenRequest {
  method?: string;
  url?: string;
  body: unknown;
}

/**
 * Replaces the client's transport: each request is recorded and answered by `answer` (a status and a
 * body). Returns the list of requests and a function that puts the real transport back.
 */
export function fakeServer(answer: (request: SeenRequest) => { status: number; data: unknown }) {
  const seen: SeenRequest[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request = {
      method: config.method,
      url: config.url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    seen.push(request);
    const { status, data } = answer(request);
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return {
    seen,
    restore: () => {
      api.defaults.adapter = original;
    },
  };
}
